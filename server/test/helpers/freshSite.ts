import { afterAll, beforeAll, expect } from 'vitest';
import type { Chatbot, Task } from '../../../shared/src/api/types.js';
import { sitePage, startChangingSite, type ChangingSite } from '../fixtures/sites/changingSite.js';
import type { TestApp } from './app.js';
import { idTokenFor } from './auth.js';
import { buildCrawlApp, waitForTask } from './crawlApp.js';

/**
 * The app with its worker and a small site that tests change between crawls (refreshes, patterns,
 * single sources, Stop, the schedule). Registers its own setup and teardown in the calling file.
 */
export const nav = ['/', '/docs/a.html', '/docs/b.html', '/docs/c.html', '/blog/news.html', '/docs/old.html'];
export const words = (topic: string) =>
  `${topic} explains how the widget frobnicator works in detail, with several sentences about ${topic}.`;

export interface Fresh {
  t: TestApp;
  site: ChangingSite;
  crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
  auth: Record<string, string>;
  other: Record<string, string>;
}

export function freshSuite(owner: string) {
  const f = {} as Fresh;
  beforeAll(async () => {
    f.site = await startChangingSite({
      '/': sitePage('Home', words('home page'), nav),
      '/docs/a.html': sitePage('Alpha', words('alpha'), nav),
      '/docs/b.html': sitePage('Bravo', words('bravo'), nav),
      '/docs/c.html': sitePage('Charlie', words('charlie'), nav),
      '/docs/old.html': sitePage('Old', words('old page'), nav),
      '/blog/news.html': sitePage('News', words('news'), nav),
    });
    f.crawl = await buildCrawlApp({
      CRAWL_ALLOW_HOSTS: f.site.host,
      CRAWL_MAX_PAGES: '40',
      CRAWL_MAX_DEPTH: '5',
      COLLECT_TIMEOUT_SECONDS: '10',
    });
    f.t = f.crawl.t;
    f.auth = { authorization: `Bearer ${await idTokenFor(`${owner}@example.com`)}` };
    f.other = { authorization: `Bearer ${await idTokenFor(`${owner}-other@example.com`)}` };
  });
  afterAll(async () => {
    await f.crawl?.close();
    await f.site?.close();
  });

  const call = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: unknown, headers = f.auth) =>
    f.t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });
  const wait = (botId: string, taskId: string) => waitForTask(f.t, f.auth, botId, taskId);
  const getBot = async (id: string) => (await call('GET', `/chatbots/${id}`)).json().data.chatbot as Chatbot;
  const liveDocs = (botId: string) =>
    f.t.db.query<{ id: string; url: string; content: string }>(
      'SELECT id::text AS id, url, content FROM documents WHERE chatbot_id = $1 AND live ORDER BY url',
      [botId],
    );
  const stagedDocs = async (botId: string) =>
    (await f.t.db.query('SELECT 1 FROM documents WHERE chatbot_id = $1 AND NOT live', [botId])).length;
  const totals = async (botId: string) =>
    (
      await f.t.db.query<{ pages: number; chunks: number }>(
        'SELECT coalesce(sum(pages), 0)::int AS pages, coalesce(sum(chunks), 0)::int AS chunks FROM term_totals WHERE chatbot_id = $1 AND live',
        [botId],
      )
    )[0]!;

  async function newBot(body: Record<string, unknown> = {}): Promise<string> {
    const res = await call('POST', '/crawl-and-index', { url: `${f.site.origin}/`, max_depth: 2, max_pages: 20, ...body });
    expect(res.statusCode).toBe(200);
    const { chatbot_id, task_id } = res.json().data as { chatbot_id: string; task_id: string };
    expect((await wait(chatbot_id, task_id)).status).toBe('completed');
    return chatbot_id;
  }

  async function refresh(botId: string): Promise<Task> {
    const res = await call('POST', '/indexing/crawl', { chatbot_id: botId });
    expect(res.statusCode).toBe(200);
    return wait(botId, res.json().data.task_id as string);
  }

  return { f, call, waitForTask: wait, getBot, liveDocs, stagedDocs, totals, newBot, refresh };
}
