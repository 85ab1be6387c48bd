import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { quoteLexeme } from '../../src/answer/retrieval/queryText.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { deleteChatbot, insertChatbot } from '../../src/db/repositories/chatbots.js';
import { MessageCache } from '../../src/db/repositories/messageCache.js';
import { replaceDocumentContent } from '../../src/db/repositories/documents.js';
import { readTermStats, rebuildTermStats } from '../../src/db/repositories/termStats.js';
import { runIndexingPipeline } from '../../src/index/pipeline.js';
import { openTestDb, openTestDbBefore } from '../helpers/db.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

/**
 * The term statistics kept at index time must be exactly what counting the bot's live chunks gives
 * (what retrieval counted before they were kept): after a crawl, while a re-crawl is staged, after
 * its swap (pages changed, added and removed), after one page is rewritten, after a refused
 * refresh, and gone with the bot.
 */
let db: Db;

const page = (title: string, body: string, links: string[] = []) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><h2>${title} details</h2><p>${body}</p>${links
    .map((l) => `<a href="${l}">${l}</a>`)
    .join(' ')}</main></body></html>`;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

/** A small harbour site of its own for each test, and a crawl of it into a bot. */
async function harbourSite(): Promise<{
  site: FixtureSite;
  config: Config;
  crawl(botId: string, taskId?: string): ReturnType<typeof runIndexingPipeline>;
}> {
  const site = await startSite(() => ({
    '/': {
      html: page('Home', 'Welcome to the harbour almanac. Tides and moorings are listed on the pages below. '.repeat(6), [
        '/tides',
        '/moorings',
        '/fees',
      ]),
    },
    '/tides': {
      html: page('Tides', 'High tide at the harbour comes twice a day; the almanac lists spring tides and neap tides. '.repeat(12)),
    },
    '/moorings': { html: page('Moorings', 'Visitors moor at the east pontoon; the harbour master assigns berths by length. '.repeat(12)) },
    '/fees': { html: page('Fees', 'Mooring fees are charged per night and per metre of length. '.repeat(10)) },
  }));
  const config = loadConfig({ CRAWL_ALLOW_HOSTS: site.host, LOG_LEVEL: 'silent' });
  const crawl = (botId: string, taskId = randomUUID()) =>
    runIndexingPipeline({
      db,
      config,
      chatbotId: botId,
      taskId,
      mode: { kind: 'crawl', url: `${site.origin}/`, maxDepth: 2, maxPages: 20 },
    });
  return { site, config, crawl };
}

/** Every lexeme of the bot's chunks, live or staged. */
const allLexemes = async (on: Db, botId: string) =>
  (
    await on.query<{ lexeme: string }>(
      'SELECT DISTINCT x.lexeme FROM chunks c, unnest(tsvector_to_array(c.tsv)) AS x(lexeme) WHERE c.chatbot_id = $1',
      [botId],
    )
  ).map((r) => r.lexeme);

/** What retrieval counted per question before the statistics were kept (the GIN index, live chunks). */
async function countedLive(on: Db, botId: string, lexemes: string[]) {
  const rows = await on.query<{ lexeme: string | null; n: number }>(
    `SELECT NULL::text AS lexeme, count(*)::int AS n FROM chunks WHERE chatbot_id = $1 AND live
     UNION ALL
     SELECT t.lexeme, (SELECT count(*) FROM chunks c WHERE c.chatbot_id = $1 AND c.live AND c.tsv @@ t.q::tsquery)::int
       FROM unnest($2::text[], $3::text[]) AS t(lexeme, q)`,
    [botId, lexemes, lexemes.map(quoteLexeme)],
  );
  const [means] = await on.query<{ chunk: number | null; page: number | null }>(
    `SELECT (SELECT avg(length(tsv))::float8 FROM chunks WHERE chatbot_id = $1 AND live) AS chunk,
            (SELECT avg(tsv_len)::float8 FROM documents WHERE chatbot_id = $1 AND live) AS page`,
    [botId],
  );
  const df = new Map(rows.filter((r) => r.lexeme !== null && r.n > 0).map((r) => [r.lexeme!, r.n]));
  return {
    total: rows.find((r) => r.lexeme === null)!.n,
    df,
    meanChunkLength: Math.max(1, means!.chunk ?? 1),
    meanPageLength: Math.max(1, means!.page ?? 1),
  };
}

async function expectStatsMatchLiveChunks(botId: string, on: Db = db) {
  const lexemes = [...(await allLexemes(on, botId)), 'neverusedword'];
  const stored = await readTermStats(on, botId, lexemes);
  const counted = await countedLive(on, botId, lexemes);
  expect(stored.total).toBe(counted.total);
  expect(stored.df).toEqual(counted.df);
  expect(stored.meanChunkLength).toBeCloseTo(counted.meanChunkLength, 9);
  expect(stored.meanPageLength).toBeCloseTo(counted.meanPageLength, 9);
  return stored;
}

describe('term statistics kept at index time', () => {
  it('equal a count over the live chunks through crawl, re-crawl, page rewrite and bot deletion', async () => {
    const { site, crawl } = await harbourSite();
    onTestFinished(() => site.close());
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    await crawl(bot.id);
    const first = await expectStatsMatchLiveChunks(bot.id);
    expect(first.total).toBeGreaterThan(3);
    expect(first.df.get('harbour')).toBeGreaterThan(0);

    // The site changes: one page goes (404), one is rewritten, one is new.
    site.set('/', {
      html: page('Home', 'Welcome to the harbour almanac. Tides and slipways are listed below. '.repeat(6), [
        '/tides',
        '/moorings',
        '/slipway',
      ]),
    });
    site.set('/moorings', { html: page('Moorings', 'Moorings are now booked online; the pontoon closes in winter. '.repeat(12)) });
    site.set('/slipway', { html: page('Slipway', 'The slipway launches dinghies at half tide and above. '.repeat(12)) });
    site.set('/fees', { html: '', status: 404 });
    await crawl(bot.id);
    const second = await expectStatsMatchLiveChunks(bot.id);
    expect(second.df.get('slipway')).toBeGreaterThan(0);
    expect(second.df.has('fee')).toBe(false);
    expect(second.df.has('pontoon')).toBe(true);
    // No staged rows are left, and every generation still counted holds live pages (the refresh
    // kept the unchanged pages in the generation that wrote them).
    expect(await db.query('SELECT count(*)::int AS n FROM term_totals WHERE chatbot_id = $1 AND NOT live', [bot.id])).toEqual([{ n: 0 }]);
    const empty = await db.query(
      `SELECT generation FROM term_totals t WHERE chatbot_id = $1
          AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.chatbot_id = t.chatbot_id AND d.live AND d.task_id = t.generation)`,
      [bot.id],
    );
    expect(empty).toEqual([]);

    // One page rewritten in place (the crawl's boilerplate revision does this).
    const [doc] = await db.query<{ id: string }>('SELECT id::text AS id FROM documents WHERE chatbot_id = $1 AND live AND url = $2', [
      bot.id,
      `${site.origin}/tides`,
    ]);
    await replaceDocumentContent(db, doc!.id, '# Tides\n\nEbb and flood.', [
      { ordinal: 0, headingPath: 'Tides', content: 'Ebb and flood.' },
    ]);
    const third = await expectStatsMatchLiveChunks(bot.id);
    expect(third.df.get('ebb')).toBe(1);
    expect(third.df.has('neap')).toBe(false);
    // ...and rewritten with no chunks at all: the page still counts, its chunks do not.
    await replaceDocumentContent(db, doc!.id, '', []);
    await expectStatsMatchLiveChunks(bot.id);

    await deleteChatbot(db, new MessageCache(), bot.id);
    expect(await db.query('SELECT count(*)::int AS n FROM term_stats WHERE chatbot_id = $1', [bot.id])).toEqual([{ n: 0 }]);
    expect(await db.query('SELECT count(*)::int AS n FROM term_totals WHERE chatbot_id = $1', [bot.id])).toEqual([{ n: 0 }]);
  });

  it('give each page, for page evidence, the words parsing its text would give, from its chunks, also after a rewrite', async () => {
    const { site, crawl } = await harbourSite();
    onTestFinished(() => site.close());
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    await crawl(bot.id);
    // The page's words and lengths as parsing its text gives them (migration 006's way).
    const compare = () =>
      db.query<{ url: string; same: boolean; len: number; parsed_len: number }>(
        `SELECT url, tsvector_to_array(tsv) = tsvector_to_array(to_tsvector('english', content)) AS same,
                tsv_len AS len, length(to_tsvector('english', content)) AS parsed_len
           FROM documents WHERE chatbot_id = $1 AND live ORDER BY url`,
        [bot.id],
      );
    const pages = await compare();
    expect(pages.length).toBeGreaterThan(3);
    for (const p of pages) expect(p, p.url).toMatchObject({ same: true, len: p.parsed_len });
    // A word said 12 times on the page is said (at least) 12 times in its tsv.
    const [tides] = await db.query<{ n: number }>(
      `SELECT array_length(positions, 1) AS n FROM documents, unnest(tsv) WHERE chatbot_id = $1 AND url = $2 AND lexeme = 'tide'`,
      [bot.id, `${site.origin}/tides`],
    );
    expect(tides!.n).toBeGreaterThanOrEqual(12);

    const [doc] = await db.query<{ id: string }>('SELECT id::text AS id FROM documents WHERE chatbot_id = $1 AND url = $2', [
      bot.id,
      `${site.origin}/tides`,
    ]);
    await replaceDocumentContent(db, doc!.id, '# Tides\n\nEbb and flood.', [
      { ordinal: 0, headingPath: 'Tides', content: '# Tides\n\nEbb and flood.' },
    ]);
    const [rewritten] = await db.query<{ words: string[]; len: number }>(
      'SELECT tsvector_to_array(tsv) AS words, tsv_len AS len FROM documents WHERE id = $1',
      [doc!.id],
    );
    expect(rewritten).toEqual({ words: ['ebb', 'flood', 'tide'], len: 3 });
  });

  it('count a staged re-crawl only once it is swapped in', async () => {
    const { site, crawl } = await harbourSite();
    onTestFinished(() => site.close());
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    await crawl(bot.id);
    const before = await expectStatsMatchLiveChunks(bot.id);
    // Mid-crawl: the new page is written, staged; the live statistics do not see it yet.
    site.set('/tides', { delayMs: 500, then: { html: page('Tides', 'Tidal streams turn at slack water. '.repeat(12)) } });
    site.set('/', { html: page('Home', 'The harbour almanac, now with tidal streams. '.repeat(6), ['/tides']) });
    const running = crawl(bot.id);
    await new Promise((r) => setTimeout(r, 300));
    const mid = await expectStatsMatchLiveChunks(bot.id);
    expect(mid).toEqual(before);
    await running;
    const after = await expectStatsMatchLiveChunks(bot.id);
    expect(after.df.get('stream')).toBeGreaterThan(0);
  });

  it('a retried task and a refused refresh leave no statistics behind', async () => {
    const { site, config, crawl } = await harbourSite();
    onTestFinished(() => site.close());
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    const task = randomUUID();
    await crawl(bot.id, task);
    await crawl(bot.id, task); // the same task again, as a retried attempt: it starts clean
    await crawl(bot.id); // a refresh, swapped in
    const counted = await expectStatsMatchLiveChunks(bot.id);
    // Most pages fail: the refresh is refused, and its staged page and statistics are deleted.
    for (const p of ['/tides', '/moorings', '/fees']) site.set(p, { html: '', status: 404 });
    const urls = ['/', '/tides', '/moorings', '/fees'].map((p) => `${site.origin}${p}`);
    const r = await runIndexingPipeline({ db, config, chatbotId: bot.id, taskId: randomUUID(), mode: { kind: 'urls', urls } });
    expect(r.keptPrevious).toBeDefined();
    expect(await expectStatsMatchLiveChunks(bot.id)).toEqual(counted);
    expect(await db.query('SELECT count(*)::int AS n FROM term_totals WHERE chatbot_id = $1', [bot.id])).toEqual([{ n: 1 }]);
  });

  it('can be recounted for content written without the indexer', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    const docId = randomUUID();
    await db.query(
      `INSERT INTO documents (id, chatbot_id, url, title, content, content_hash) VALUES ($1, $2, 'https://x.test/', 'X', 'Lighthouse keepers', 'h')`,
      [docId, bot.id],
    );
    await db.query(
      `INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, content) VALUES ($1, $2, 0, 'https://x.test/', 'X', 'Lighthouse keepers')`,
      [docId, bot.id],
    );
    expect((await readTermStats(db, bot.id, ['lighthous'])).df.get('lighthous')).toBeUndefined();
    await rebuildTermStats(db, bot.id);
    expect((await expectStatsMatchLiveChunks(bot.id)).df.get('lighthous')).toBe(1);
  });
});

describe('migration 012', () => {
  it('gives bots indexed before it their statistics, live and staged generations apart', async () => {
    const old = await openTestDbBefore('012');
    onTestFinished(() => old.close());
    const bot = (await insertChatbot(old, { ownerUid: 'owner-1' })).id;
    const write = async (taskId: string | null, live: boolean, url: string, text: string) => {
      const docId = randomUUID();
      await old.query(
        'INSERT INTO documents (id, chatbot_id, task_id, live, url, title, content, content_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [docId, bot, taskId, live, url, 'Page', text, 'h'],
      );
      for (const [i, part] of text.split('. ').entries()) {
        await old.query(
          'INSERT INTO chunks (document_id, chatbot_id, live, ordinal, url, title, content) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [docId, bot, live, i, url, 'Page', part],
        );
      }
    };
    const liveTask = randomUUID();
    await write(liveTask, true, 'https://x.test/a', 'Gulls nest on the cliffs. The cliffs erode');
    await write(liveTask, true, 'https://x.test/b', 'Puffins nest in burrows. Gulls steal fish');
    await write(randomUUID(), false, 'https://x.test/a', 'Staged text about ospreys'); // a re-crawl under way
    await migrate(old);
    const stats = await expectStatsMatchLiveChunks(bot, old);
    expect(stats.df.get('gull')).toBe(2);
    expect(stats.df.has('osprey')).toBe(false);
    expect(await old.query('SELECT count(*)::int AS n FROM term_totals WHERE chatbot_id = $1', [bot])).toEqual([{ n: 2 }]);
  });
});
