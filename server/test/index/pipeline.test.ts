import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { runIndexingPipeline } from '../../src/index/pipeline.js';
import { openTestDb } from '../helpers/db.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

let db: Db;
let site: FixtureSite;
let config: Config;

beforeAll(async () => {
  db = await openTestDb();
  site = await startSite();
  config = loadConfig({ CRAWL_ALLOW_HOSTS: site.host, CRAWL_MAX_BYTES: String(1024 * 1024), LOG_LEVEL: 'silent' });
});
afterAll(async () => {
  await site.close();
  await db.close();
});

const crawlMode = (maxDepth = 3) => ({ kind: 'crawl' as const, url: `${site.origin}/`, maxDepth, maxPages: 100 });
const liveDocs = (botId: string) =>
  db.query<{ url: string; title: string; task_id: string }>('SELECT url, title, task_id FROM documents WHERE chatbot_id = $1 AND live ORDER BY url', [botId]);

describe('indexing pipeline', () => {
  it('writes documents, searchable chunks and per-URL sources', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    const progress: unknown[] = [];
    const r = await runIndexingPipeline({ db, config, chatbotId: bot.id, taskId: randomUUID(), mode: crawlMode(), progress: async (p) => void progress.push(p) });
    expect(r.indexed).toBe(14);
    expect(r.failed).toBeGreaterThanOrEqual(4); // loop, private redirect, huge, 404
    expect(progress.at(-1)).toEqual({ discovered: r.discovered, fetched: r.fetched, indexed: 14, failed: r.failed, skipped: r.skipped });

    const docs = await liveDocs(bot.id);
    expect(docs).toHaveLength(14);
    const hits = await db.query<{ url: string; heading_path: string; title: string }>(
      `SELECT url, heading_path, title FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ websearch_to_tsquery('english', 'install example-widget') ORDER BY ts_rank_cd(tsv, websearch_to_tsquery('english', 'install example-widget')) DESC`,
      [bot.id],
    );
    expect(hits[0]).toEqual({ url: `${site.origin}/guide/intro.html`, heading_path: 'Introduction > Installation', title: 'Introduction' });

    const sources = await db.query<{ url: string; status: string; error: string | null }>('SELECT url, status, error FROM sources WHERE chatbot_id = $1', [bot.id]);
    const of = (path: string) => sources.find((s) => s.url === `${site.origin}${path}`);
    expect(of('/missing.html')).toEqual({ url: `${site.origin}/missing.html`, status: 'failed', error: 'HTTP 404' });
    expect(of('/private/secret.html')).toMatchObject({ status: 'skipped', error: 'Blocked by robots.txt' });
    expect(of('/download')).toMatchObject({ status: 'skipped', error: 'Not HTML (application/octet-stream)' });
    expect(of('/huge.html')).toMatchObject({ status: 'failed' });
    expect(of('/huge.html')!.error).toMatch(/^Too large/);
    expect(of('/to-private')!.error).toMatch(/^Refused: 127\.0\.0\.2 is a private address/);
    expect(of('/guide/intro.html')).toMatchObject({ status: 'indexed', error: null });
  });

  it('a retried attempt of the same task starts clean (no duplicates)', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    const taskId = randomUUID();
    await runIndexingPipeline({ db, config, chatbotId: bot.id, taskId, mode: crawlMode(1) });
    const first = await db.query('SELECT count(*)::int AS n FROM chunks WHERE chatbot_id = $1', [bot.id]);
    await runIndexingPipeline({ db, config, chatbotId: bot.id, taskId, mode: crawlMode(1) });
    const second = await db.query('SELECT count(*)::int AS n FROM chunks WHERE chatbot_id = $1', [bot.id]);
    expect(second).toEqual(first);
  });

  it('a re-crawl keeps answering from the old content until it completes, then swaps atomically', async () => {
    const small = await startSite((origin) => ({
      '/': { html: `<main><h1>Home</h1><p>${'The old answer is forty-two. '.repeat(10)}</p><a href="/slow">slow</a></main>` },
      '/slow': { html: `<main><h1>Slow</h1><p>${'A slow page. '.repeat(20)}</p></main>` },
      [`/x${origin.length}`]: { html: '' },
    }));
    const cfg = loadConfig({ CRAWL_ALLOW_HOSTS: small.host, LOG_LEVEL: 'silent' });
    try {
      const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
      const mode = { kind: 'crawl' as const, url: `${small.origin}/`, maxDepth: 1, maxPages: 10 };
      const oldTask = randomUUID();
      await runIndexingPipeline({ db, config: cfg, chatbotId: bot.id, taskId: oldTask, mode });
      expect((await liveDocs(bot.id)).map((d) => d.task_id)).toEqual([oldTask, oldTask]);

      small.set('/', { html: `<main><h1>Home</h1><p>${'The new answer is seven. '.repeat(10)}</p><a href="/slow">slow</a></main>` });
      small.set('/slow', { delayMs: 600, then: { html: `<main><h1>Slow</h1><p>${'A slower page. '.repeat(20)}</p></main>` } });
      const newTask = randomUUID();
      const running = runIndexingPipeline({ db, config: cfg, chatbotId: bot.id, taskId: newTask, mode });
      await new Promise((r) => setTimeout(r, 300));
      // Mid-crawl: the new home page is written but staged; visitors still see the old generation.
      const mid = await db.query<{ content: string }>('SELECT content FROM chunks WHERE chatbot_id = $1 AND live', [bot.id]);
      expect(mid.some((c) => c.content.includes('forty-two'))).toBe(true);
      expect(mid.some((c) => c.content.includes('seven'))).toBe(false);
      await running;
      const after = await db.query<{ content: string }>('SELECT content FROM chunks WHERE chatbot_id = $1 AND live', [bot.id]);
      expect(after.some((c) => c.content.includes('seven'))).toBe(true);
      expect(after.some((c) => c.content.includes('forty-two'))).toBe(false);
      expect((await liveDocs(bot.id)).map((d) => d.task_id)).toEqual([newTask, newTask]);
      expect(await db.query('SELECT count(*)::int AS n FROM documents WHERE chatbot_id = $1 AND NOT live', [bot.id])).toEqual([{ n: 0 }]);
    } finally {
      await small.close();
    }
  });

  it('a re-crawl that indexes nothing leaves the old content in place', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    await runIndexingPipeline({ db, config, chatbotId: bot.id, taskId: randomUUID(), mode: crawlMode(0) });
    const before = await liveDocs(bot.id);
    const r = await runIndexingPipeline({ db, config, chatbotId: bot.id, taskId: randomUUID(), mode: { kind: 'urls', urls: [`${site.origin}/missing.html`] } });
    expect(r.indexed).toBe(0);
    expect(await liveDocs(bot.id)).toEqual(before);
  });

  it('stores embeddings when an OpenAI-compatible provider is configured', async () => {
    let calls = 0;
    const provider = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls++;
        const input = (JSON.parse(body) as { input: string[] }).input;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: input.map((t, index) => ({ object: 'embedding', index, embedding: [t.length % 7, 1, 0.5] })) }));
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
    try {
      const cfg = loadConfig({ CRAWL_ALLOW_HOSTS: site.host, EMBEDDING_BASE_URL: base, EMBEDDING_MODEL: 'fake-embed', LOG_LEVEL: 'silent' });
      const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
      await runIndexingPipeline({ db, config: cfg, chatbotId: bot.id, taskId: randomUUID(), mode: crawlMode(1) });
      if (!(await db.hasVector())) return;
      const chunks = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chunks WHERE chatbot_id = $1', [bot.id]))[0]!.n;
      const vectors = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chunk_embeddings WHERE chatbot_id = $1', [bot.id]))[0]!.n;
      expect(calls).toBeGreaterThan(0);
      expect(vectors).toBe(chunks);
    } finally {
      provider.closeAllConnections();
      await new Promise((r) => provider.close(r));
    }
  });
});
