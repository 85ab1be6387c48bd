import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chatbot, Task } from '../../../shared/src/api/types.js';
import type { TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, waitForTask } from '../helpers/crawlApp.js';
import { sitePage, startChangingSite, type ChangingSite } from '../fixtures/sites/changingSite.js';

/**
 * Issue 39: a crawl that stops at its page or depth limit says which, with the number of further
 * links it found and did not crawl, on the task the dashboard polls (the task list and the bot's
 * latest task).
 */

let t: TestApp;
let site: ChangingSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
const words = (topic: string) => `${topic} explained for readers of the Acme handbook, with enough words to be indexed. `.repeat(6);
const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8];

beforeAll(async () => {
  // The home page links to 8 sections; each section links to its own detail page and back home.
  const pages: Record<string, string> = {
    '/': sitePage(
      'Acme handbook',
      words('Welcome'),
      SECTIONS.map((n) => `/s${n}.html`),
    ),
  };
  for (const n of SECTIONS) {
    pages[`/s${n}.html`] = sitePage(`Section ${n}`, words(`Section ${n}`), ['/', `/s${n}/detail.html`]);
    pages[`/s${n}/detail.html`] = sitePage(`Detail ${n}`, words(`Detail ${n}`), ['/']);
  }
  site = await startChangingSite(pages);
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host });
  t = crawl.t;
});

afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

const auth = async () => ({ authorization: `Bearer ${await idTokenFor('limit-reached@example.com')}` });

/** A bot crawled with these limits: its finished task as the task list shows it, and the bot's latest task. */
async function crawlWith(limits: { max_depth: number; max_pages: number }): Promise<{ task: Task; latest: Task | null }> {
  const headers = await auth();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/crawl-and-index',
    headers,
    payload: { url: `${site.origin}/`, ...limits },
  });
  expect(res.statusCode).toBe(200);
  const { chatbot_id, task_id } = res.json().data as { chatbot_id: string; task_id: string };
  const task = await waitForTask(t, headers, chatbot_id, task_id);
  expect(task.status).toBe('completed');
  const bot = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${chatbot_id}`, headers });
  return { task, latest: (bot.json().data as { chatbot: Chatbot }).chatbot.latest_task };
}

describe('a crawl that stops at a limit', () => {
  it('at its page limit, counts the further distinct links it turned away', async () => {
    // Home and 3 sections fill the 4 pages; left: sections 4-8, and the detail pages sections 1-3 link to.
    const { task, latest } = await crawlWith({ max_depth: 2, max_pages: 4 });
    expect(task.progress.indexed).toBe(4);
    expect(task.limit_reached).toEqual({ kind: 'pages', links_left: 8 });
    expect(latest?.limit_reached).toEqual({ kind: 'pages', links_left: 8 });
  });

  it('at its depth limit, counts the links found on the last level', async () => {
    const { task } = await crawlWith({ max_depth: 1, max_pages: 50 });
    expect(task.progress.indexed).toBe(9);
    expect(task.limit_reached).toEqual({ kind: 'depth', links_left: 8 });
  });

  it('says nothing when the crawl took every link it found', async () => {
    const { task } = await crawlWith({ max_depth: 2, max_pages: 50 });
    expect(task.progress.indexed).toBe(17);
    expect(task.limit_reached).toBeNull();
  });
});
