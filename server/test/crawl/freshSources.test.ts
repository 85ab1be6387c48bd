import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chatbot, Task } from '../../../shared/src/api/types.js';
import { rebuildTermStats } from '../../src/db/repositories/termStats.js';
import { STOPPED_REASON } from '../../src/jobs/queue.js';
import { enqueueDueRecrawls } from '../../src/jobs/schedule.js';
import type { TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, waitForTask as waitForTaskOf } from '../helpers/crawlApp.js';
import { sitePage, startChangingSite, type ChangingSite } from '../fixtures/sites/changingSite.js';

/** A site that changes between crawls: refreshes, patterns, Stop and the schedule against it. */
let t: TestApp;
let site: ChangingSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let auth: Record<string, string>;
let other: Record<string, string>;

const nav = ['/', '/docs/a.html', '/docs/b.html', '/docs/c.html', '/blog/news.html', '/docs/old.html'];
const words = (topic: string) => `${topic} explains how the widget frobnicator works in detail, with several sentences about ${topic}.`;

beforeAll(async () => {
  site = await startChangingSite({
    '/': sitePage('Home', words('home page'), nav),
    '/docs/a.html': sitePage('Alpha', words('alpha'), nav),
    '/docs/b.html': sitePage('Bravo', words('bravo'), nav),
    '/docs/c.html': sitePage('Charlie', words('charlie'), nav),
    '/docs/old.html': sitePage('Old', words('old page'), nav),
    '/blog/news.html': sitePage('News', words('news'), nav),
  });
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host, CRAWL_MAX_PAGES: '40', CRAWL_MAX_DEPTH: '5', COLLECT_TIMEOUT_SECONDS: '10' });
  t = crawl.t;
  auth = { authorization: `Bearer ${await idTokenFor('fresh-owner@example.com')}` };
  other = { authorization: `Bearer ${await idTokenFor('fresh-other@example.com')}` };
});

afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

const call = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: unknown, headers = auth) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });
const waitForTask = (botId: string, taskId: string) => waitForTaskOf(t, auth, botId, taskId);
const getBot = async (id: string) => (await call('GET', `/chatbots/${id}`)).json().data.chatbot as Chatbot;
const liveDocs = (botId: string) =>
  t.db.query<{ id: string; url: string; content: string }>('SELECT id::text AS id, url, content FROM documents WHERE chatbot_id = $1 AND live ORDER BY url', [botId]);
const stagedDocs = async (botId: string) => (await t.db.query('SELECT 1 FROM documents WHERE chatbot_id = $1 AND NOT live', [botId])).length;
const totals = async (botId: string) =>
  (await t.db.query<{ pages: number; chunks: number }>('SELECT coalesce(sum(pages), 0)::int AS pages, coalesce(sum(chunks), 0)::int AS chunks FROM term_totals WHERE chatbot_id = $1 AND live', [botId]))[0]!;

async function newBot(body: Record<string, unknown> = {}): Promise<string> {
  const res = await call('POST', '/crawl-and-index', { url: `${site.origin}/`, max_depth: 2, max_pages: 20, ...body });
  expect(res.statusCode).toBe(200);
  const { chatbot_id, task_id } = res.json().data as { chatbot_id: string; task_id: string };
  expect((await waitForTask(chatbot_id, task_id)).status).toBe('completed');
  return chatbot_id;
}

async function refresh(botId: string): Promise<Task> {
  const res = await call('POST', '/indexing/crawl', { chatbot_id: botId });
  expect(res.statusCode).toBe(200);
  return waitForTask(botId, res.json().data.task_id as string);
}

describe('include/exclude patterns', () => {
  it('are validated with reasons the owner can act on', async () => {
    const bot = await newBot({ max_depth: 0 });
    const cases: [unknown, string][] = [
      [{ include_patterns: ['docs/**'] }, 'must start with / or * (a path), or with http:// or https://'],
      [{ exclude_patterns: ['/a b'] }, 'contains a space or control character'],
      [{ exclude_patterns: ['ftp://x/**'] }, 'must start with / or *'],
      [{ include_patterns: ['/***'] }, 'more than two * in a row'],
      [{ include_patterns: ['/' + 'x'.repeat(300)] }, 'at most 200 characters'],
      [{ include_patterns: Array.from({ length: 21 }, (_, i) => `/p${i}/**`) }, 'at most 20 patterns'],
      [{ include_patterns: '/docs/**' }, 'must be a list of text patterns'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PATCH', `/chatbots/${bot}`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json().detail[0].msg).toContain(message);
    }
    const bad = await call('POST', '/indexing/collect-urls', { url: `${site.origin}/`, exclude_patterns: [''] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'exclude_patterns', 0], msg: 'A pattern cannot be empty.' });
    const good = await call('PATCH', `/chatbots/${bot}`, { include_patterns: [' /docs/** ', '/docs/**'], exclude_patterns: [] });
    expect(good.statusCode).toBe(200);
    expect((await getBot(bot)).include_patterns).toEqual(['/docs/**']);
  });

  it('leave pages out of a collection and of a crawl (the start page is still read for its links)', async () => {
    const res = await call('POST', '/indexing/collect-urls', { url: `${site.origin}/`, max_depth: 1, max_pages: 30, exclude_patterns: ['/blog/**', '**/old.html'] });
    const listed = res.json().data.collected_urls as string[];
    expect(listed).toContain(`${site.origin}/docs/a.html`);
    expect(listed.some((u) => u.includes('/blog/') || u.endsWith('old.html'))).toBe(false);

    const bot = await newBot({ include_patterns: ['/docs/*.html'], exclude_patterns: ['/docs/c.html'] });
    const urls = (await liveDocs(bot)).map((d) => d.url);
    expect(urls).toEqual([`${site.origin}/docs/a.html`, `${site.origin}/docs/b.html`, `${site.origin}/docs/old.html`]);
    const start = (await getBot(bot)).urls!.find((u) => u.url === `${site.origin}/`);
    expect(start).toMatchObject({ status: 'skipped', error: 'Left out by the URL patterns' });
  });
});

describe('incremental re-crawl', () => {
  it('keeps unchanged pages as they are, rewrites changed ones, adds new ones, drops removed ones', async () => {
    const bot = await newBot();
    const before = await liveDocs(bot);
    expect(before).toHaveLength(6);
    site.notModified = 0;
    const idOf = (docs: { id: string; url: string }[], path: string) => docs.find((d) => d.url === site.origin + path)?.id;

    site.pages.set('/docs/b.html', sitePage('Bravo', words('bravo, now rewritten about quokkas'), nav));
    site.pages.delete('/docs/old.html');
    site.pages.set('/', sitePage('Home', words('home page'), [...nav, '/docs/new.html']));
    site.pages.set('/docs/new.html', sitePage('New', words('brand new page'), nav));
    const task = await refresh(bot);
    expect(task.status).toBe('completed');
    // b changed, new is new, old is gone (404), home (same text, one more link), a, c, news unchanged.
    expect(task.progress).toMatchObject({ new: 1, changed: 1, unchanged: 4, removed: 1, indexed: 6, failed: 1 });

    const after = await liveDocs(bot);
    expect(after.map((d) => d.url.slice(site.origin.length)).sort()).toEqual(['/', '/blog/news.html', '/docs/a.html', '/docs/b.html', '/docs/c.html', '/docs/new.html']);
    for (const path of ['/', '/docs/a.html', '/docs/c.html', '/blog/news.html']) expect(idOf(after, path)).toBe(idOf(before, path));
    expect(idOf(after, '/docs/b.html')).not.toBe(idOf(before, '/docs/b.html'));
    expect(after.find((d) => d.url.endsWith('/docs/b.html'))!.content).toContain('quokkas');
    expect(await stagedDocs(bot)).toBe(0);

    // The statistics kept at index time still equal a count over the live content.
    const kept = await totals(bot);
    await rebuildTermStats(t.db, bot);
    expect(await totals(bot)).toEqual(kept);
    const chunks = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM chunks WHERE chatbot_id = $1 AND live', [bot]);
    expect(kept.chunks).toBe(chunks[0]!.n);

    // Unchanged pages were asked "changed since?" and answered 304: not downloaded again.
    expect(site.conditional.get('/docs/a.html')).toBe(1);
    expect(site.notModified).toBeGreaterThanOrEqual(3);

    // Nothing changes: every page answers 304, and the links stored with each page still lead the
    // crawl to every page (new.html is linked only from the home page).
    const served = site.notModified;
    const again = await refresh(bot);
    expect(again.progress).toMatchObject({ new: 0, changed: 0, unchanged: 6, removed: 0, indexed: 6 });
    expect(site.notModified - served).toBe(6);
    const ids = (docs: { id: string }[]) => docs.map((d) => d.id).sort();
    expect(ids(await liveDocs(bot))).toEqual(ids(after));

    // A question finds the rewritten page's new words.
    const ask = await t.db.query<{ url: string }>(`SELECT url FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ plainto_tsquery('english', 'quokkas')`, [bot]);
    expect(ask.map((r) => r.url)).toEqual([`${site.origin}/docs/b.html`]);
  });
});

describe('single sources', () => {
  it('add one page, re-index one changed page, or remove one, leaving every other page as it was', async () => {
    const bot = await newBot({ max_depth: 1 });
    const before = await liveDocs(bot);
    const sources = (id: string) => `/chatbots/${id}/sources`;
    const wait = async (res: { json(): { data: { task_id: string } } }) => waitForTask(bot, res.json().data.task_id);

    site.pages.set('/extra.html', sitePage('Extra', words('an extra page nobody links to'), []));
    const add = await call('POST', sources(bot), { url: `${site.origin}/extra.html` });
    expect(add.statusCode).toBe(200);
    expect(await wait(add)).toMatchObject({ status: 'completed', task_type: 'index_page' });
    const added = await liveDocs(bot);
    expect(added.map((d) => d.url)).toEqual([...before.map((d) => d.url), `${site.origin}/extra.html`].sort());
    expect(added.filter((d) => !d.url.endsWith('/extra.html'))).toEqual(before);
    expect((await getBot(bot)).urls).toContainEqual(expect.objectContaining({ url: `${site.origin}/extra.html`, status: 'indexed' }));

    // Re-indexing one page that changed replaces just that page.
    site.pages.set('/docs/a.html', sitePage('Alpha', words('alpha, now about wombats'), nav));
    expect(await wait(await call('POST', sources(bot), { url: `${site.origin}/docs/a.html` }))).toMatchObject({ status: 'completed' });
    const reindexed = await liveDocs(bot);
    expect(reindexed.find((d) => d.url.endsWith('/docs/a.html'))!.content).toContain('wombats');
    expect(reindexed.filter((d) => !d.url.endsWith('/docs/a.html'))).toEqual(added.filter((d) => !d.url.endsWith('/docs/a.html')));

    // Removing one takes it out of the answers at once, its source with it.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1${sources(bot)}?url=${encodeURIComponent(`${site.origin}/docs/b.html`)}`, headers: auth });
    expect(del.statusCode).toBe(200);
    expect((await liveDocs(bot)).some((d) => d.url.endsWith('/docs/b.html'))).toBe(false);
    expect((await getBot(bot)).urls!.some((u) => u.url.endsWith('/docs/b.html'))).toBe(false);
    const kept = await totals(bot);
    await rebuildTermStats(t.db, bot);
    expect(await totals(bot)).toEqual(kept);

    const again = await t.app.inject({ method: 'DELETE', url: `/api/v1${sources(bot)}?url=${encodeURIComponent(`${site.origin}/docs/b.html`)}`, headers: auth });
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe('Source not found');
    const bad = await call('POST', sources(bot), { url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].msg).toBe('Invalid URL format.');
    expect((await call('POST', sources(bot), { url: `${site.origin}/x.html` }, other)).statusCode).toBe(404);
    const theirs = await t.app.inject({ method: 'DELETE', url: `/api/v1${sources(bot)}?url=${encodeURIComponent(`${site.origin}/docs/c.html`)}`, headers: other });
    expect(theirs.statusCode).toBe(404);
    expect((await liveDocs(bot)).some((d) => d.url.endsWith('/docs/c.html'))).toBe(true);
  });
});

describe('Stop', () => {
  it('cancels a running refresh cleanly: the old content stays live and nothing staged is left', async () => {
    const bot = await newBot();
    const before = await liveDocs(bot);
    for (const path of ['/docs/a.html', '/docs/c.html']) site.pages.set(path, sitePage('Changed', words(`changed ${path}`), nav));
    site.delayMs = 400;
    try {
      const res = await call('POST', '/indexing/crawl', { chatbot_id: bot });
      const taskId = res.json().data.task_id as string;
      for (let i = 0; i < 100; i++) {
        const task = (await getBot(bot)).latest_task!;
        if (task.status === 'running' && task.progress.discovered > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await call('POST', `/crawl-and-index/tasks/${bot}/${taskId}/stop`, {}, other)).statusCode).toBe(404);
      const stop = await call('POST', `/crawl-and-index/tasks/${bot}/${taskId}/stop`, {});
      expect(stop.statusCode).toBe(200);
      const task = await waitForTask(bot, taskId);
      expect(task).toMatchObject({ status: 'failed', error: STOPPED_REASON });
      // The worker has let go of it: no staged rows, the live pages untouched.
      for (let i = 0; i < 100 && (await stagedDocs(bot)) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await stagedDocs(bot)).toBe(0);
      expect(await liveDocs(bot)).toEqual(before);
      const again = await call('POST', `/crawl-and-index/tasks/${bot}/${taskId}/stop`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('This task has already finished.');
    } finally {
      site.delayMs = 0;
    }
    // A new refresh can start at once and goes through.
    expect((await refresh(bot)).status).toBe('completed');
  });

  it('a task of another bot or an unknown task is not found', async () => {
    const bot = await newBot({ max_depth: 0 });
    const res = await call('POST', `/crawl-and-index/tasks/${bot}/00000000-0000-4000-8000-000000000000/stop`, {});
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Task not found');
  });
});

describe('scheduled re-crawl', () => {
  it('is set per bot, queued by the worker when due, never twice at once, and survives a restart', async () => {
    const bot = await newBot({ max_depth: 0 });
    const bad = await call('PATCH', `/chatbots/${bot}`, { recrawl_schedule: 'hourly' });
    expect(bad.json().detail[0].msg).toBe("recrawl_schedule must be 'off', 'daily' or 'weekly'");
    const set = await call('PATCH', `/chatbots/${bot}`, { recrawl_schedule: 'weekly' });
    const next = Date.parse(set.json().data.next_recrawl_at as string);
    expect(next - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(next - Date.now()).toBeLessThan(7.1 * 86_400_000);
    // Choosing it again keeps the due time; switching to daily restarts the count.
    expect(Date.parse((await call('PATCH', `/chatbots/${bot}`, { recrawl_schedule: 'weekly' })).json().data.next_recrawl_at)).toBe(next);
    const daily = Date.parse((await call('PATCH', `/chatbots/${bot}`, { recrawl_schedule: 'daily' })).json().data.next_recrawl_at);
    expect(daily - Date.now()).toBeLessThan(1.1 * 86_400_000);

    // Due now (as after a restart that slept through it): the stored due time is all it takes.
    await t.db.query(`UPDATE chatbots SET next_recrawl_at = now() - interval '1 minute' WHERE id = $1`, [bot]);
    await crawl.worker.stop();
    expect(await enqueueDueRecrawls(t.db, 3)).toBe(1);
    await t.db.query(`UPDATE chatbots SET next_recrawl_at = now() - interval '1 minute' WHERE id = $1`, [bot]);
    expect(await enqueueDueRecrawls(t.db, 3)).toBe(0); // one is already waiting
    const tasks = await t.db.query<{ id: string; task_type: string }>(`SELECT id, task_type FROM tasks WHERE chatbot_id = $1 AND status = 'queued'`, [bot]);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.task_type).toBe('crawl');
    const row = await t.db.query<{ due: boolean }>(`SELECT next_recrawl_at > now() + interval '23 hours' AS due FROM chatbots WHERE id = $1`, [bot]);
    expect(row[0]!.due).toBe(true);
    // A hand refresh meanwhile is refused: one task per bot.
    expect((await call('POST', '/indexing/crawl', { chatbot_id: bot })).statusCode).toBe(409);

    // A worker started afterwards runs it.
    const { startWorker } = await import('../../src/jobs/worker.js');
    const { registerHandlers } = await import('../../src/jobs/handlers/index.js');
    const { HandlerRegistry } = await import('../../src/jobs/registry.js');
    const quiet = { info() {}, warn() {}, error() {} };
    const worker = startWorker({ db: t.db, config: t.config, registry: registerHandlers(new HandlerRegistry()), log: quiet, pollMs: 100, leaseSeconds: 30 });
    try {
      expect((await waitForTask(bot, tasks[0]!.id)).status).toBe('completed');
    } finally {
      await worker.stop();
    }
    const off = await call('PATCH', `/chatbots/${bot}`, { recrawl_schedule: 'off' });
    expect(off.json().data).toMatchObject({ recrawl_schedule: 'off', next_recrawl_at: null });
  });
});
