import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chatbot } from '../../../shared/src/api/types.js';
import type { TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, waitForTask as waitForTaskOf } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite, type Route } from '../fixtures/sites/docsSite.js';

// Forty pages: enough that the crawl records sources before its writes are found to have failed (how
// many depends on the machine's load: 19 to 40 have been seen).
const PAGES = 40;
const pageHtml = (i: number) =>
  `<main><h1>Page ${i}</h1><p>${`Page ${i} describes part ${i} of the machine in detail. `.repeat(12)}</p></main>`;

let t: TestApp;
let site: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let auth: Record<string, string>;

beforeAll(async () => {
  site = await startSite(() => {
    const routes: Record<string, Route> = {
      '/': { html: `<main><h1>Index</h1>${Array.from({ length: PAGES }, (_, i) => `<a href="/p${i}">p${i}</a>`).join(' ')}</main>` },
    };
    for (let i = 0; i < PAGES; i++) routes[`/p${i}`] = { html: pageHtml(i) };
    return routes;
  });
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host, TASK_MAX_ATTEMPTS: '1', CRAWL_MAX_PAGES: '100' });
  t = crawl.t;
  auth = { authorization: `Bearer ${await idTokenFor('failed-task-sources@example.com')}` };
});

afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

const waitForTask = (botId: string, taskId: string) => waitForTaskOf(t, auth, botId, taskId);

describe('a crawl whose writes fail', () => {
  it('leaves no source saying indexed over content that was never stored', async () => {
    // Every document write fails, as on a full disk (a real engine error, not a mock).
    await t.db.query(`ALTER TABLE documents ADD CONSTRAINT documents_broken CHECK (false) NOT VALID`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/crawl-and-index',
      headers: auth,
      payload: { url: `${site.origin}/`, max_depth: 1, max_pages: 100 },
    });
    const { chatbot_id, task_id } = res.json().data;
    const task = await waitForTask(chatbot_id, task_id);
    expect(task.status).toBe('failed');
    const bot = (await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${chatbot_id}`, headers: auth })).json().data
      .chatbot as Chatbot;
    expect(bot.document_count).toBe(0);
    const urls = bot.urls ?? [];
    expect(urls.length).toBeGreaterThan(1); // sources beyond the start page were recorded before the failure surfaced
    expect(urls.filter((u) => u.status === 'indexed')).toEqual([]);
    expect(urls[0]).toMatchObject({ status: 'failed', error: 'Not indexed: the task failed before this page was stored' });
  });
});
