import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullTextRetriever } from '../../src/answer/retrieval/retriever.js';
import { createSemanticLegs } from '../../src/answer/retrieval/semanticLegs.js';
import { lsaIndexFor } from '../../src/embeddings/lsaIndex.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, crawlNewBot, waitForTask } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

/**
 * SEMANTIC_LEGS=lsa on a real local site crawled by the real app and worker: the crawl's last step
 * builds the bot's LSA space, a question worded unlike the page that answers it finds that page
 * through the words the site uses beside its own, a re-crawl replaces the space with one of the new
 * chunks, and deleting the bot deletes its space. Runs on PGlite and on PostgreSQL (server-pg).
 */
const page = (title: string, text: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;

const TARGET = '/bread/levain.html';
/** The page that answers "What does a sourdough starter need?" says neither "sourdough" nor "starter". */
const pages: Record<string, [string, string]> = {
  '/bread/starter.html': ['Sourdough starter', 'A sourdough starter is a levain of flour and water that leavens the dough of every loaf.'],
  '/bread/baking.html': [
    'Baking with a starter',
    'Mix the sourdough starter into the dough with flour, salt and water; the levain makes the dough rise.',
  ],
  '/bread/shaping.html': [
    'Shaping dough',
    'Fold the dough, dust it with flour and let the dough rise in a basket before the loaf is baked.',
  ],
  [TARGET]: [
    'Keeping the levain',
    'Feed the levain every day with equal weights of flour and water, in a jar, so the dough it leavens will rise.',
  ],
  '/bread/loaves.html': ['Loaves', 'A hot oven and a well risen dough give a loaf an open crumb; flour the loaf before it is baked.'],
  '/bikes/chain.html': ['Chain care', 'Oil the chain after a wet ride and wipe the chain so the gears shift cleanly on every ride.'],
  '/bikes/brakes.html': ['Brakes', 'Check the brake pads before a long ride; worn brake pads squeal against the wheel rim.'],
  '/bikes/tyres.html': ['Tyres', 'Pump the tyres before each ride; a soft tyre wears quickly and slows the wheel.'],
  '/bikes/gears.html': ['Gears', 'Shift the gears before a climb; a clean chain and gears make the ride smooth.'],
  '/bikes/wheels.html': ['Wheels', 'True a wheel whose spokes are loose; a bent wheel rubs the brake pads on every ride.'],
  '/bikes/saddle.html': ['Saddle', 'Set the saddle height so the leg is almost straight at the bottom of the pedal stroke on a ride.'],
  '/tea/green.html': ['Green tea', 'Steep green tea leaves briefly in a warm pot; long steeping makes the cup of tea bitter.'],
  '/tea/black.html': ['Black tea', 'Black tea leaves steep longer than green tea leaves and give a strong cup of tea.'],
  '/tea/oolong.html': ['Oolong', 'Oolong tea leaves can steep several times; each cup of tea from the pot tastes different.'],
  '/tea/pots.html': ['Teapots', 'A clay pot keeps the tea warm; rinse the pot after the leaves steep.'],
  '/tea/kettle.html': ['Kettles', 'Heat the kettle gently for green tea; boil the kettle for black tea leaves in the pot.'],
  '/tea/storage.html': ['Storing tea', 'Keep tea leaves dry and dark; stale leaves make a flat cup of tea from any pot.'],
  '/garden/soil.html': ['Soil', 'Dig compost into the soil of each bed before the seeds are sown; rich soil feeds the roots.'],
  '/garden/seeds.html': ['Sowing seeds', 'Sow seeds in moist soil in a bed in spring; thin the seedlings once the seeds sprout.'],
  '/garden/compost.html': ['Compost', 'Turn the compost heap monthly; mature compost darkens the soil of the bed.'],
  '/garden/weeds.html': ['Weeds', 'Pull weeds from the bed while the soil is moist; mulch the soil to keep weeds down.'],
  '/garden/roses.html': ['Roses', 'Prune roses in late winter and mulch the soil around the roses with compost.'],
  '/garden/tomatoes.html': ['Tomatoes', 'Plant tomatoes in warm soil in a sunny bed, with compost, and stake the tomatoes.'],
};

let site: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let auth: Record<string, string>;
let botId: string;

const liveChunkIds = async () =>
  (await crawl.t.db.query<{ id: string }>('SELECT id::text AS id FROM chunks WHERE chatbot_id = $1 AND live ORDER BY id', [botId])).map(
    (r) => r.id,
  );
const space = async () =>
  (
    await crawl.t.db.query<{ built_at: string; dims: number; chunk_ids: string[] }>(
      'SELECT built_at::text AS built_at, dims, chunk_ids::text[] AS chunk_ids FROM lsa_spaces WHERE chatbot_id = $1',
      [botId],
    )
  )[0];
const urlOfChunk = async (id: string) =>
  (await crawl.t.db.query<{ url: string }>('SELECT url FROM chunks WHERE id = $1::bigint', [id]))[0]?.url.replace(site.origin, '');

beforeAll(async () => {
  site = await startSite(() => ({
    '/': {
      html: page(
        'Hobbies',
        Object.keys(pages)
          .map((p) => `<a href="${p}">${pages[p]![0]}</a>`)
          .join(' '),
      ),
    },
    ...Object.fromEntries(Object.entries(pages).map(([p, [title, text]]) => [p, { html: page(title, text) }])),
  }));
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host, SEMANTIC_LEGS: 'lsa' });
  auth = { authorization: `Bearer ${await idTokenFor('lsa-owner@example.com')}` };
  botId = await crawlNewBot(crawl.t, auth, `${site.origin}/`, { max_depth: 2, max_pages: 50 });
});
afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

describe('the site’s own LSA space', () => {
  it('is built at the end of the crawl from every live chunk', async () => {
    const s = await space();
    expect(s).toBeDefined();
    expect(s!.dims).toBeGreaterThanOrEqual(2);
    expect([...s!.chunk_ids].sort()).toEqual([...(await liveChunkIds())].sort());
  });

  it('ranks the page that answers a question in other words above every other topic', async () => {
    const question = 'What does a sourdough starter need?';
    const [target] = await crawl.t.db.query<{ content: string }>('SELECT content FROM chunks WHERE chatbot_id = $1 AND url = $2', [
      botId,
      `${site.origin}${TARGET}`,
    ]);
    expect(target!.content).not.toMatch(/sourdough|starter|need/i);

    // The space is read in the background; a question before that goes without this leg.
    expect(await lsaIndexFor(crawl.t.db).search(botId, question, 30)).toEqual([]);
    await lsaIndexFor(crawl.t.db).loaded(botId);
    const hits = await lsaIndexFor(crawl.t.db).search(botId, question, 30);
    const urls = await Promise.all(hits.map((h) => urlOfChunk(h.id)));
    const targetRank = urls.indexOf(TARGET);
    const firstOtherTopic = urls.findIndex((u) => u !== undefined && !u.startsWith('/bread/'));
    expect(targetRank).toBeGreaterThanOrEqual(0);
    expect(targetRank).toBeLessThan(firstOtherTopic);

    // Full text alone cannot offer it (it has none of the question's words); fused with the leg it is offered.
    const pagesOf = async (r: FullTextRetriever) =>
      (await r.retrieve(botId, question, { pages: 10, keepBelowFloor: true })).pages.map((p) => p.url.replace(site.origin, ''));
    expect(await pagesOf(new FullTextRetriever(crawl.t.db))).not.toContain(TARGET);
    const legs = createSemanticLegs(crawl.t.config, crawl.t.db);
    expect(await pagesOf(new FullTextRetriever(crawl.t.db, undefined, { legs }))).toContain(TARGET);
  });

  it('is replaced by a space of the new chunks when the site is crawled again', async () => {
    const before = await space();
    site.set('/bread/shaping.html', {
      html: page('Shaping dough', 'Fold the dough twice, dust it with flour and let it rise overnight in a basket.'),
    });
    const res = await crawl.t.app.inject({ method: 'POST', url: '/api/v1/indexing/crawl', headers: auth, payload: { chatbot_id: botId } });
    expect(res.statusCode).toBe(200);
    const task = await waitForTask(crawl.t, auth, botId, res.json().data.task_id as string);
    expect(task.status).toBe('completed');
    const after = await space();
    expect(after!.built_at).not.toBe(before!.built_at);
    const live = await liveChunkIds();
    expect([...after!.chunk_ids].sort()).toEqual([...live].sort());
    // Questions read the new space: every chunk it offers is live.
    await lsaIndexFor(crawl.t.db).loaded(botId);
    const hits = await lsaIndexFor(crawl.t.db).search(botId, 'dough flour basket', 10);
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect(live).toContain(h.id);
  });

  it('is deleted with the bot', async () => {
    const res = await crawl.t.app.inject({ method: 'DELETE', url: `/api/v1/chatbots/${botId}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(await space()).toBeUndefined();
    expect(await lsaIndexFor(crawl.t.db).search(botId, 'sourdough starter', 10)).toEqual([]);
  });
});
