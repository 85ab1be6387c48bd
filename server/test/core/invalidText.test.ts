import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chatbot } from '../../../shared/src/api/types.js';
import { newVisitorId, type TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, waitForTask as waitForTaskOf } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

// NUL cannot be stored in a PostgreSQL text value; a lone surrogate is not a character at all.
const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

let t: TestApp;
let site: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let auth: Record<string, string>;

beforeAll(async () => {
  site = await startSite(() => ({
    '/': {
      html: `<html><head><title>Nul\u0000 page</title></head><body><main><h1>Stray bytes</h1><p>${'The flux capacitor needs\u0000 one point twenty-one gigawatts. '.repeat(8)}</p><a href="/clean">clean</a></main></body></html>`,
    },
    '/clean': { html: `<main><h1>Clean</h1><p>${'A clean page about the time circuits. '.repeat(8)}</p></main>` },
  }));
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host });
  t = crawl.t;
  auth = { authorization: `Bearer ${await idTokenFor('invalid-text@example.com')}` };
});

afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

const call = (method: 'POST' | 'PATCH', url: string, payload: object, headers = auth) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

const waitForTask = (botId: string, taskId: string) => waitForTaskOf(t, auth, botId, taskId);

describe('text with NUL characters or unpaired surrogates', () => {
  it('is refused with a clear 422 on every stored text field', async () => {
    const created = await call('POST', '/crawl-and-index', { url: `${site.origin}/`, max_depth: 0, max_pages: 1 });
    const botId = created.json().data.chatbot_id as string;
    await waitForTask(botId, created.json().data.task_id);
    const visitor = newVisitorId();
    const conversation = await call('POST', `/chatbots/${botId}/conversations`, { title: 'Hello', visitor_id: visitor }, {});
    const conversationId = conversation.json().data.id as string;

    const cases: [string, 'POST' | 'PATCH', string, (v: string) => object, Record<string, string>?][] = [
      ['name', 'POST', '/crawl-and-index', (v) => ({ url: `${site.origin}/`, name: v })],
      ['description', 'POST', '/indexing/index-urls', (v) => ({ urls: [`${site.origin}/`], description: v })],
      ['name', 'PATCH', `/chatbots/${botId}`, (v) => ({ name: v })],
      ['description', 'PATCH', `/chatbots/${botId}`, (v) => ({ description: v })],
      ['system_prompt', 'PATCH', `/chatbots/${botId}/prompts`, (v) => ({ system_prompt: v })],
      ['response_format', 'PATCH', `/chatbots/${botId}/prompts`, (v) => ({ response_format: v })],
      ['question', 'POST', `/chatbots/${botId}/query`, (v) => ({ question: v })],
      ['title', 'POST', `/chatbots/${botId}/conversations`, (v) => ({ title: v, visitor_id: visitor }), {}],
      ['content', 'POST', `/chatbots/${botId}/conversations/${conversationId}/messages`, (v) => ({ content: v, visitor_id: visitor }), {}],
    ];
    for (const [field, method, url, body, headers] of cases) {
      for (const bad of [NUL, LONE]) {
        const res = await call(method, url, body(bad), headers ?? auth);
        expect(res.statusCode, `${field} on ${method} ${url}`).toBe(422);
        expect(res.json().detail[0], `${field} on ${method} ${url}`).toMatchObject({
          loc: ['body', field],
          msg: `${field} must not contain NUL characters or unpaired surrogates`,
        });
      }
    }
    // Nothing was stored, and well-formed text (emoji are surrogate pairs) still is.
    const renamed = await call('PATCH', `/chatbots/${botId}`, { name: 'Time machine 🚗' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Time machine 🚗');
  });

  it('is cleaned out of crawled pages, so one such page does not fail the crawl', async () => {
    const res = await call('POST', '/crawl-and-index', { url: `${site.origin}/`, max_depth: 1, max_pages: 5 });
    const { chatbot_id, task_id } = res.json().data;
    const task = await waitForTask(chatbot_id, task_id);
    expect(task).toMatchObject({ status: 'completed', progress: { indexed: 2, failed: 0 } });
    const bot = (await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${chatbot_id}`, headers: auth })).json().data
      .chatbot as Chatbot;
    expect(bot.document_count).toBe(2);
    expect(bot.urls).toContainEqual(expect.objectContaining({ url: `${site.origin}/`, status: 'indexed', title: 'Nul page' }));
    const [doc] = await t.db.query<{ content: string }>(`SELECT content FROM documents WHERE chatbot_id = $1 AND url = $2`, [
      chatbot_id,
      `${site.origin}/`,
    ]);
    expect(doc!.content).toContain('The flux capacitor needs one point twenty-one gigawatts.');
  });
});
