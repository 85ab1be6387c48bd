import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedBagOfWords, startFakeEmbeddings, type FakeEmbeddings } from '../../../eval/fakeEmbeddings.js';
import { FullTextRetriever } from '../../src/answer/retrieval/retriever.js';
import { createVectorSearch } from '../../src/answer/retrieval/vectorSearch.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Db } from '../../src/db/db.js';
import { deleteChatbot, insertChatbot } from '../../src/db/repositories/chatbots.js';
import { MessageCache } from '../../src/db/repositories/messageCache.js';
import { startEmbeddingBackfill } from '../../src/embeddings/backfill.js';
import { closeEmbeddingProvider } from '../../src/embeddings/shared.js';
import { vectorStoreFor } from '../../src/embeddings/store.js';
import { runIndexingPipeline } from '../../src/index/pipeline.js';
import { openTestDb, onPostgres } from '../helpers/db.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

const page = (title: string, body: string) => `<!doctype html><title>${title}</title><main><h1>${title}</h1><p>${body}</p></main>`;
const SITE = {
  '/': {
    html: `${page('Home', 'Welcome to the handbook of the example project.')}<a href="/backup.html">b</a> <a href="/network.html">n</a>`,
  },
  '/backup.html': { html: page('Backups', 'Nightly copies of the database are written to the archive volume and kept for thirty days.') },
  '/network.html': { html: page('Network', 'The bridge interface joins the virtual machines to the office network.') },
};

const silent = { info: () => {}, warn: () => {} };

// Vectors beside their chunks on both engines: pgvector on PGlite, the real[] fallback on the CI
// PostgreSQL (which has no pgvector), through the OpenAI-compatible path against a fake provider.
describe('semantic leg: vectors follow the content', () => {
  let db: Db;
  let site: FixtureSite;
  let fake: FakeEmbeddings;
  let config: Config;
  const configFor = (model: string) =>
    loadConfig({
      CRAWL_ALLOW_HOSTS: new URL(site.origin).host,
      EMBEDDINGS: 'openai',
      EMBEDDING_BASE_URL: fake.url,
      EMBEDDING_MODEL: model,
      LOG_LEVEL: 'silent',
    });
  const crawl = (botId: string, cfg = config) =>
    runIndexingPipeline({
      db,
      config: cfg,
      chatbotId: botId,
      taskId: randomUUID(),
      mode: { kind: 'crawl', url: `${site.origin}/`, maxDepth: 2, maxPages: 20 },
      log: silent,
    });
  const vectorRows = (botId: string) =>
    db.query<{ model: string; live: boolean }>(
      'SELECT e.model, c.live FROM chunk_embeddings e JOIN chunks c ON c.id = e.chunk_id WHERE e.chatbot_id = $1',
      [botId],
    );
  const liveChunks = async (botId: string) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chunks WHERE chatbot_id = $1 AND live', [botId]))[0]!.n;

  beforeAll(async () => {
    db = await openTestDb();
    site = await startSite(() => ({ ...SITE }));
    fake = await startFakeEmbeddings();
    config = configFor('fake-embed');
  });
  afterAll(async () => {
    await closeEmbeddingProvider();
    await fake.close();
    await site.close();
    await db.close();
  });

  it('stores one vector per live chunk, in pgvector where the engine has it, else real[]', async () => {
    const store = await vectorStoreFor(db);
    expect(store.kind).toBe(onPostgres() ? 'real[]' : 'pgvector');
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    await crawl(bot.id);
    const rows = await vectorRows(bot.id);
    expect(rows.length).toBe(await liveChunks(bot.id));
    expect(rows.every((r) => r.model === 'openai:fake-embed')).toBe(true);
  });

  it('fuses the nearest chunks into retrieval', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    await crawl(bot.id);
    const retriever = new FullTextRetriever(db, createVectorSearch(config, db));
    const r = await retriever.retrieve(bot.id, 'how long are database copies kept in the archive?');
    expect(r.pages[0]?.url).toBe(`${site.origin}/backup.html`);
    expect(r.pages[0]?.chunks[0]?.vectorRank).toBe(1);
  });

  it('a re-crawl swaps the vectors with the content, and deleting the bot deletes them', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    await crawl(bot.id);
    site.set('/backup.html', { html: page('Backups', 'Weekly snapshots go to tape and are kept for a year.') });
    await crawl(bot.id);
    const rows = await vectorRows(bot.id);
    expect(rows.length).toBe(await liveChunks(bot.id));
    expect(rows.every((r) => r.live)).toBe(true);
    const retriever = new FullTextRetriever(db, createVectorSearch(config, db));
    const r = await retriever.retrieve(bot.id, 'weekly snapshots on tape');
    expect(r.pages[0]?.chunks[0]?.content).toContain('Weekly snapshots');
    await deleteChatbot(db, new MessageCache(), bot.id);
    expect(await vectorRows(bot.id)).toEqual([]);
    site.set('/backup.html', SITE['/backup.html']);
  });

  it('a model change re-embeds every live chunk, and only vectors of the current model are searched', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    await crawl(bot.id);
    const next = configFor('fake-embed-2');
    const oldSearch = createVectorSearch(config, db)!;
    const newSearch = createVectorSearch(next, db)!;
    expect(await newSearch.search(bot.id, 'bridge interface', 5)).toEqual([]);
    const backfill = startEmbeddingBackfill(db, next, silent, { autoStart: false })!;
    expect(await backfill.runOnce()).toBeGreaterThanOrEqual(await liveChunks(bot.id));
    expect((await vectorRows(bot.id)).every((r) => r.model === 'openai:fake-embed-2')).toBe(true);
    expect((await newSearch.search(bot.id, 'bridge interface', 5)).length).toBeGreaterThan(0);
    expect(await oldSearch.search(bot.id, 'bridge interface', 5)).toEqual([]);
    expect(await backfill.runOnce()).toBe(0); // nothing left to do
    await backfill.stop();
    await closeEmbeddingProvider();
  });

  it('pages rewritten at the end of a crawl keep their vectors, while the provider is still behind', async () => {
    // Every page opens with the same notice: the first pages are stored before it is known to be
    // site-wide, and rewritten without it after the crawl, while a slow provider is still embedding
    // their first chunks.
    const notice = '<p>This edition covers release 11; newer editions are published online.</p>';
    const topics = ['Backups', 'Network', 'Printing', 'Packages', 'Security', 'Mail', 'Web'];
    const routes: Record<string, { html: string }> = {
      '/': { html: `${page('Home', 'The handbook.')}${topics.map((t) => `<a href="/${t}.html">${t}</a>`).join(' ')}` },
    };
    for (const t of topics)
      routes[`/${t}.html`] = { html: page(t, `${notice}<p>The ${t.toLowerCase()} chapter says ${t.toLowerCase()} facts.</p>`) };
    const book = await startSite(() => routes);
    const slow = await startFakeEmbeddings(async (texts) => {
      await new Promise((r) => setTimeout(r, 150));
      return texts.map((t) => hashedBagOfWords(t));
    });
    try {
      const cfg = loadConfig({
        CRAWL_ALLOW_HOSTS: new URL(book.origin).host,
        CRAWL_CONCURRENCY: '1',
        EMBEDDINGS: 'openai',
        EMBEDDING_BASE_URL: slow.url,
        EMBEDDING_MODEL: 'fake-embed',
        EMBEDDING_BATCH: '2',
        LOG_LEVEL: 'silent',
      });
      const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
      const warnings: string[] = [];
      const r = await runIndexingPipeline({
        db,
        config: cfg,
        chatbotId: bot.id,
        taskId: randomUUID(),
        mode: { kind: 'crawl', url: `${book.origin}/`, maxDepth: 2, maxPages: 20 },
        log: { warn: (_o, msg) => void warnings.push(msg) },
      });
      expect(r.indexed).toBe(topics.length + 1);
      const notices = await db.query("SELECT 1 FROM chunks WHERE chatbot_id = $1 AND content LIKE '%newer editions%'", [bot.id]);
      expect(notices).toEqual([]); // the first pages were rewritten
      expect(warnings).toEqual([]);
      expect((await vectorRows(bot.id)).length).toBe(await liveChunks(bot.id));
    } finally {
      await slow.close();
      await book.close();
    }
  });

  it('a provider that fails mid-crawl does not fail the crawl; the backfill fills the vectors in later', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    fake.fail({ status: 401 });
    const warnings: string[] = [];
    const r = await runIndexingPipeline({
      db,
      config,
      chatbotId: bot.id,
      taskId: randomUUID(),
      mode: { kind: 'crawl', url: `${site.origin}/`, maxDepth: 2, maxPages: 20 },
      log: { warn: (_o, msg) => void warnings.push(msg) },
    });
    expect(r.indexed).toBe(3);
    expect(warnings.join()).toMatch(/embeddings stopped for this task/);
    expect((await vectorRows(bot.id)).length).toBeLessThan(await liveChunks(bot.id));
    await startEmbeddingBackfill(db, config, silent, { autoStart: false })!.runOnce();
    expect((await vectorRows(bot.id)).length).toBe(await liveChunks(bot.id));
  });
});
