import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chatbot } from '../../../shared/src/api/types.js';
import type { TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, waitForTask as waitForTaskOf } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

let t: TestApp;
let site: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let auth: Record<string, string>;

beforeAll(async () => {
  site = await startSite();
  crawl = await buildCrawlApp({
    CRAWL_ALLOW_HOSTS: site.host,
    CRAWL_MAX_BYTES: String(1024 * 1024),
    CRAWL_MAX_PAGES: '40',
    CRAWL_MAX_DEPTH: '10',
    COLLECT_TIMEOUT_SECONDS: '10',
  });
  t = crawl.t;
  auth = { authorization: `Bearer ${await idTokenFor('crawl-owner@example.com')}` };
});

afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

const post = (url: string, payload: unknown, headers = auth) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });

const waitForTask = (botId: string, taskId: string) => waitForTaskOf(t, auth, botId, taskId);

const getBot = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${id}`, headers: auth })).json().data.chatbot as Chatbot;

describe('indexing routes', () => {
  it('refuse callers without a token', async () => {
    for (const [url, body] of [
      ['/indexing/index-urls', { urls_to_index: [`${site.origin}/`], name: '', description: '' }],
      ['/crawl-and-index', { url: `${site.origin}/`, max_depth: 1, max_pages: 5 }],
      ['/indexing/collect-urls', { url: `${site.origin}/`, max_depth: 1, max_pages: 5 }],
    ] as const) {
      const res = await post(url, body, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, detail: 'User not authenticated' });
    }
  });

  it('validate the URL and reject unknown fields', async () => {
    const bad = await post('/crawl-and-index', { url: 'not a url', max_depth: 1, max_pages: 5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'url'], msg: 'Invalid URL format.' });
    const ftp = await post('/indexing/collect-urls', { url: 'ftp://example.com/' });
    expect(ftp.json().detail[0].msg).toBe('Invalid URL format.');
    const extra = await post('/crawl-and-index', { url: `${site.origin}/`, admin: true });
    expect(extra.statusCode).toBe(422);
    const none = await post('/indexing/index-urls', { urls: [], name: '', description: '' });
    expect(none.json().detail[0].msg).toBe('Please select or add at least one URL to crawl.');
  });

  it('collect-urls lists the site, start URL first, without robots-blocked or off-site URLs', async () => {
    const res = await post('/indexing/collect-urls', { url: `${site.origin}/`, max_depth: 1, max_pages: 30 });
    expect(res.statusCode).toBe(200);
    const { collected_urls, count } = res.json().data as { collected_urls: string[]; count: number };
    expect(collected_urls[0]).toBe(`${site.origin}/`);
    expect(count).toBe(collected_urls.length);
    expect(collected_urls).toContain(`${site.origin}/guide/intro.html`);
    expect(collected_urls).toContain(`${site.origin}/orphan.html`); // from the sitemap
    expect(collected_urls.some((u) => u.includes('/private/') || !u.startsWith(site.origin) || u.includes('#'))).toBe(false);
    const few = await post('/indexing/collect-urls', { url: `${site.origin}/`, max_depth: 1, max_pages: 3 });
    expect(few.json().data.count).toBe(3);
  });

  it('collect-urls works over a real socket (the client staying connected does not abort it)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/v1/indexing/collect-urls`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.origin}/`, max_depth: 2, max_pages: 30 }),
    });
    const json = (await res.json()) as { data: { count: number } };
    expect(json.data.count).toBeGreaterThan(10);
  });

  it('collect-urls explains a refused start URL, at submit as crawl-and-index does', async () => {
    const res = await post('/indexing/collect-urls', { url: 'http://10.0.0.1/', max_depth: 1, max_pages: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].msg).toMatch(/^Refused: 10\.0\.0\.1 is a private address\. Docent crawls public websites only/);
  });

  it('crawl-and-index creates the bot, crawls it in the worker and reports progress and sources', async () => {
    const res = await post('/crawl-and-index', { url: `${site.origin}/`, max_depth: 50, max_pages: 40, name: '', description: 'Docs' });
    expect(res.statusCode).toBe(200);
    const { chatbot_id, task_id } = res.json().data;
    const task = await waitForTask(chatbot_id, task_id);
    expect(task.status).toBe('completed');
    expect(task.progress.indexed).toBe(15);
    expect(task.progress.failed).toBeGreaterThan(0);
    const bot = await getBot(chatbot_id);
    expect(bot.name).toBe('Example Docs'); // no name given: the start page's title, once crawled
    expect(bot.max_depth).toBe(10); // clamped to CRAWL_MAX_DEPTH
    expect(bot.max_pages).toBe(40); // CRAWL_MAX_PAGES itself (more is refused: submitChecks.test.ts)
    expect(bot.document_count).toBe(15);
    expect(bot.urls).toContainEqual(expect.objectContaining({ url: `${site.origin}/missing.html`, status: 'failed', error: 'HTTP 404' }));
    expect(bot.urls).toContainEqual(
      expect.objectContaining({ url: `${site.origin}/guide/intro.html`, status: 'indexed', title: 'Introduction' }),
    );

    // Refresh: a second crawl replaces the content; a third one while it runs is refused.
    site.set('/guide/usage.html', { html: '<main><h1>Usage v2</h1><p>' + 'Version two of the usage page. '.repeat(10) + '</p></main>' });
    const again = await post('/indexing/crawl', { chatbot_id, max_depth: 2 });
    expect(again.statusCode).toBe(200);
    const busy = await post('/indexing/crawl', { chatbot_id });
    expect(busy.statusCode).toBe(409);
    const refreshed = await waitForTask(chatbot_id, again.json().data.task_id);
    expect(refreshed.status).toBe('completed');
    const rows = await t.db.query<{ title: string }>(`SELECT title FROM documents WHERE chatbot_id = $1 AND live AND url = $2`, [
      chatbot_id,
      `${site.origin}/guide/usage.html`,
    ]);
    expect(rows).toEqual([{ title: 'Usage v2' }]);
    expect((await getBot(chatbot_id)).max_depth).toBe(2);
  });

  it('index-urls builds a bot from the chosen list only (wizard reading)', async () => {
    const urls = [`${site.origin}/guide/intro.html`, `${site.origin}/guide/usage.html`, `${site.origin}/missing.html`];
    const res = await post('/indexing/index-urls', { urls, name: '', description: '' });
    expect(res.statusCode).toBe(200);
    const { chatbot_id, task_id } = res.json().data;
    const task = await waitForTask(chatbot_id, task_id);
    expect(task).toMatchObject({ status: 'completed', task_type: 'index_urls', progress: { indexed: 2, failed: 1 } });
    const bot = await getBot(chatbot_id);
    expect(bot.document_count).toBe(2);
    expect(bot.urls!.map((u) => u.url).sort()).toEqual([...urls].sort()); // no link following
    const other = await post('/indexing/index-urls', { urls_to_index: [`${site.origin}/`], name: 'Named', description: '' });
    expect((await getBot(other.json().data.chatbot_id)).name).toBe('Named');
  });

  it('a refused start URL is refused at submit with the reason (the worker refuses it too: crawler tests)', async () => {
    const res = await post('/crawl-and-index', { url: 'http://169.254.169.254/latest/', max_depth: 1, max_pages: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].msg).toContain('Refused: 169.254.169.254 is a private address (cloud metadata)');
  });

  it('a refused re-crawl leaves the bot as it was: start URL, settings, pages and sources', async () => {
    const res = await post('/crawl-and-index', { url: `${site.origin}/guide/intro.html`, max_depth: 1, max_pages: 5 });
    const { chatbot_id, task_id } = res.json().data;
    expect((await waitForTask(chatbot_id, task_id)).status).toBe('completed');
    const before = await getBot(chatbot_id);
    expect(before.document_count).toBeGreaterThan(0);

    const refused = await post('/indexing/crawl', { chatbot_id, url: 'http://169.254.169.254/latest/', max_depth: 3, max_pages: 7 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0].msg).toContain('Refused: 169.254.169.254 is a private address');

    const after = await getBot(chatbot_id);
    expect(after.start_url).toBe(before.start_url);
    expect([after.max_depth, after.max_pages]).toEqual([before.max_depth, before.max_pages]);
    expect(after.document_count).toBe(before.document_count);
    const rows = (bot: typeof before) => (bot.urls ?? []).map((u) => [u.url, u.status]).sort();
    expect(rows(after)).toEqual(rows(before));
  });

  it("another owner cannot refresh someone else's bot", async () => {
    const mine = await post('/indexing/index-urls', { urls: [`${site.origin}/legal.html`] });
    const other = { authorization: `Bearer ${await idTokenFor('someone-else@example.com')}` };
    const res = await post('/indexing/crawl', { chatbot_id: mine.json().data.chatbot_id }, other);
    expect(res.statusCode).toBe(404);
  });
});
