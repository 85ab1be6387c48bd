import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskType } from '../../../shared/src/api/types.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { runIndexingPipeline } from '../../src/index/pipeline.js';
import { registerCrawlHandlers } from '../../src/jobs/handlers/crawlTasks.js';
import { HandlerRegistry, PermanentTaskError, type TaskContext } from '../../src/jobs/registry.js';
import { openTestDb } from '../helpers/db.js';
import { startSite, type FixtureSite, type Route } from '../fixtures/sites/docsSite.js';

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
  db.query<{ url: string; title: string; task_id: string }>(
    'SELECT url, title, task_id FROM documents WHERE chatbot_id = $1 AND live ORDER BY url',
    [botId],
  );

describe('indexing pipeline', () => {
  it('writes documents, searchable chunks and per-URL sources', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    const progress: unknown[] = [];
    const r = await runIndexingPipeline({
      db,
      config,
      chatbotId: bot.id,
      taskId: randomUUID(),
      mode: crawlMode(),
      progress: async (p) => void progress.push(p),
    });
    expect(r.indexed).toBe(15);
    expect(r.failed).toBeGreaterThanOrEqual(4); // loop, private redirect, huge, 404
    expect(progress.at(-1)).toEqual({ discovered: r.discovered, fetched: r.fetched, indexed: 15, failed: r.failed, skipped: r.skipped });

    const docs = await liveDocs(bot.id);
    expect(docs).toHaveLength(15);
    const hits = await db.query<{ url: string; heading_path: string; title: string }>(
      `SELECT url, heading_path, title FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ websearch_to_tsquery('english', 'install example-widget') ORDER BY ts_rank_cd(tsv, websearch_to_tsquery('english', 'install example-widget')) DESC`,
      [bot.id],
    );
    expect(hits[0]).toEqual({ url: `${site.origin}/guide/intro.html`, heading_path: 'Introduction > Installation', title: 'Introduction' });

    const sources = await db.query<{ url: string; status: string; error: string | null }>(
      'SELECT url, status, error FROM sources WHERE chatbot_id = $1',
      [bot.id],
    );
    const of = (path: string) => sources.find((s) => s.url === `${site.origin}${path}`);
    expect(of('/missing.html')).toEqual({ url: `${site.origin}/missing.html`, status: 'failed', error: 'HTTP 404' });
    expect(of('/private/secret.html')).toMatchObject({ status: 'skipped', error: 'Blocked by robots.txt' });
    expect(of('/download')).toMatchObject({ status: 'skipped', error: 'Not HTML (application/octet-stream)' });
    expect(of('/huge.html')).toMatchObject({ status: 'failed' });
    expect(of('/huge.html')!.error).toMatch(/^Too large/);
    expect(of('/to-private')!.error).toMatch(/^Refused: 127\.0\.0\.2 is a private address/);
    expect(of('/guide/intro.html')).toMatchObject({ status: 'indexed', error: null });
    // `fetched` counts requests: pages blocked by robots.txt made none.
    const blocked = sources.filter((s) => s.error === 'Blocked by robots.txt');
    expect(blocked.length).toBeGreaterThan(0);
    for (const b of blocked) expect(site.hits.get(new URL(b.url).pathname) ?? 0, b.url).toBe(0);
    expect(r.fetched).toBe(r.indexed + r.failed + r.skipped - blocked.length);
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
    const r = await runIndexingPipeline({
      db,
      config,
      chatbotId: bot.id,
      taskId: randomUUID(),
      mode: { kind: 'urls', urls: [`${site.origin}/missing.html`] },
    });
    expect(r.indexed).toBe(0);
    expect(await liveDocs(bot.id)).toEqual(before);
  });
});

/** A five-page site whose pages can be broken or slowed between crawls. */
const pageHtml = (s: string) => `<main><h1>${s}</h1><p>${`${s} explains one thing in detail. `.repeat(15)}</p></main>`;
const PAGES = ['/p1', '/p2', '/p3', '/p4', '/p5'];
const smallSite = () =>
  startSite(() => ({
    '/': { html: `${pageHtml('Home')}${PAGES.map((p) => `<a href="${p}">${p}</a>`).join(' ')}` },
    ...Object.fromEntries(PAGES.map((p) => [p, { html: pageHtml(`Page ${p}`) }])),
  }));

/** The registered handler for a task type, run the way the worker runs it. */
function runHandler(type: TaskType, botId: string, taskId: string, cfg: Config): Promise<void> {
  const ctx: TaskContext = {
    db,
    config: cfg,
    task: { id: taskId, chatbot_id: botId, task_type: type, params: {}, attempts: 1 },
    signal: new AbortController().signal,
    progress: async () => {},
  };
  const registry = new HandlerRegistry();
  registerCrawlHandlers(registry);
  return registry.get(type)!(ctx);
}

describe('refresh safety', () => {
  const setAll = (s: FixtureSite, route: (path: string) => Route) => PAGES.forEach((p) => s.set(p, route(p)));
  const staged = async (botId: string) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE chatbot_id = $1 AND NOT live', [botId]))[0]!.n;

  async function crawledBot(s: FixtureSite) {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1', startUrl: `${s.origin}/` });
    const first = randomUUID();
    await runIndexingPipeline({
      db,
      config: loadConfig({ CRAWL_ALLOW_HOSTS: s.host, LOG_LEVEL: 'silent' }),
      chatbotId: bot.id,
      taskId: first,
      mode: { kind: 'crawl', url: `${s.origin}/`, maxDepth: 1, maxPages: 20 },
    });
    const before = await liveDocs(bot.id);
    expect(before).toHaveLength(6);
    return { bot, before };
  }

  it('a refresh where most pages fail keeps the old content live and fails the task with the reason', async () => {
    const s = await smallSite();
    try {
      const { bot, before } = await crawledBot(s);
      setAll(s, () => ({ html: '<h1>Server error</h1>', status: 500 }));
      const cfg = loadConfig({ CRAWL_ALLOW_HOSTS: s.host, LOG_LEVEL: 'silent' });
      const taskId = randomUUID();
      const r = await runIndexingPipeline({
        db,
        config: cfg,
        chatbotId: bot.id,
        taskId,
        mode: { kind: 'crawl', url: `${s.origin}/`, maxDepth: 1, maxPages: 20 },
      });
      expect(r).toMatchObject({ indexed: 1, failed: 5, attempted: 6 });
      expect(r.keptPrevious).toEqual({
        reason: 'Only 1 pages could be indexed and 5 of 6 requests failed, so the previous content (6 pages) stays live.',
        transient: false,
      });
      expect(await liveDocs(bot.id)).toEqual(before);
      expect(await staged(bot.id)).toBe(0);
      // Through the task handler: the task fails for good with that reason.
      const err = await runHandler('crawl', bot.id, randomUUID(), cfg).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(PermanentTaskError);
      expect((err as Error).message).toMatch(/^Only 1 pages could be indexed and 5 of 6 requests failed/);
      expect(await liveDocs(bot.id)).toEqual(before);
    } finally {
      await s.close();
    }
  });

  it('a refresh cut short by the crawl time limit is not swapped in', async () => {
    const s = await smallSite();
    try {
      const { bot, before } = await crawledBot(s);
      setAll(s, (p) => ({ delayMs: 3000, then: { html: pageHtml(`New ${p}`) } }));
      const cfg = loadConfig({ CRAWL_ALLOW_HOSTS: s.host, CRAWL_TOTAL_SECONDS: '1', LOG_LEVEL: 'silent' });
      const r = await runIndexingPipeline({
        db,
        config: cfg,
        chatbotId: bot.id,
        taskId: randomUUID(),
        mode: { kind: 'crawl', url: `${s.origin}/`, maxDepth: 1, maxPages: 20 },
      });
      expect(r.stoppedBy).toBe('time');
      expect(r.keptPrevious).toEqual({
        reason: 'The crawl reached its time limit (1 s) after indexing 1 pages, so the previous content (6 pages) stays live.',
        transient: false,
      });
      expect(await liveDocs(bot.id)).toEqual(before);
      expect(await staged(bot.id)).toBe(0);
    } finally {
      await s.close();
    }
  });

  it('a healthy refresh that shrinks the site is still swapped in', async () => {
    const s = await smallSite();
    try {
      const { bot, before } = await crawledBot(s);
      s.set('/', { html: `${pageHtml('Home v2')}<a href="/p1">p1</a>` });
      const taskId = randomUUID();
      const r = await runIndexingPipeline({
        db,
        config: loadConfig({ CRAWL_ALLOW_HOSTS: s.host, LOG_LEVEL: 'silent' }),
        chatbotId: bot.id,
        taskId,
        mode: { kind: 'crawl', url: `${s.origin}/`, maxDepth: 1, maxPages: 20 },
      });
      expect(r.keptPrevious).toBeUndefined();
      expect(r).toMatchObject({ changed: 1, unchanged: 1, removed: 4 });
      // The changed home page is the refresh's; the unchanged p1 keeps the row the first crawl wrote.
      const after = await liveDocs(bot.id);
      expect(after.map((d) => d.url.slice(s.origin.length))).toEqual(['/', '/p1']);
      expect(after[0]!.task_id).toBe(taskId);
      expect(after[1]).toEqual(before.find((d) => d.url === `${s.origin}/p1`));
    } finally {
      await s.close();
    }
  });

  it('a retry after the swap committed completes without touching the live generation', async () => {
    const s = await smallSite();
    try {
      const { bot } = await crawledBot(s);
      const cfg = loadConfig({ CRAWL_ALLOW_HOSTS: s.host, LOG_LEVEL: 'silent' });
      const taskId = randomUUID();
      // The attempt that commits (then, say, its worker is killed before marking the task completed).
      // Every page changed, so the refresh rewrites all six.
      setAll(s, (p) => ({ html: pageHtml(`Changed ${p}`) }));
      s.set('/', { html: `${pageHtml('Home, changed')}${PAGES.map((p) => `<a href="${p}">${p}</a>`).join(' ')}` });
      await runHandler('crawl', bot.id, taskId, cfg);
      const committed = await liveDocs(bot.id);
      expect(committed.map((d) => d.task_id)).toEqual(Array(6).fill(taskId));
      // The site goes down; the retried attempt must neither delete the live pages nor crawl again.
      s.set('/', { html: 'down', status: 503 });
      setAll(s, () => ({ html: 'down', status: 503 }));
      const hits = s.hits.get('/');
      const r = await runIndexingPipeline({
        db,
        config: cfg,
        chatbotId: bot.id,
        taskId,
        mode: { kind: 'crawl', url: `${s.origin}/`, maxDepth: 1, maxPages: 20 },
      });
      expect(r).toMatchObject({ alreadyCommitted: true, indexed: 6 });
      expect(s.hits.get('/')).toBe(hits);
      expect(await liveDocs(bot.id)).toEqual(committed);
      await expect(runHandler('crawl', bot.id, taskId, cfg)).resolves.toBeUndefined();
      expect(await liveDocs(bot.id)).toEqual(committed);
    } finally {
      await s.close();
    }
  });
});
