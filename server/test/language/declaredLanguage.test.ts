import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, waitForTask } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite, type Route } from '../fixtures/sites/docsSite.js';

// An English manual with pages of commands only: their text names no language, so what the page
// declares (`<html lang>`, else the Content-Language header) decides the language it is indexed in,
// and one that declares nothing is read in the bot's (most pages': English here).
const page = (title: string, body: string, lang?: string, headers?: Record<string, string>): Route => ({
  html: `<!doctype html><html${lang ? ` lang="${lang}"` : ''}><head><meta charset="utf-8"><title>${title}</title></head>
<body><nav><a href="/fr.html">fr</a> <a href="/header.html">header</a> <a href="/plain.html">plain</a> <a href="/about.html">about</a></nav><main><h1>${title}</h1>${body}</main></body></html>`,
  headers,
});
const commands = '<pre>quillon-backup --verify /var/backups/quillon\nquillon-backup --restore 2024-05-01</pre>';

const site = (): Record<string, Route> => ({
  '/': page(
    'Quillon manual',
    '<p>Welcome to the Quillon manual. These pages show the commands that back up the server and restore it, with the options each one takes.</p>',
    'en',
  ),
  '/about.html': page(
    'About Quillon',
    '<p>Quillon keeps a copy of the server every night, and these pages explain how to check that copy and bring it back when a disk fails.</p>',
    'en',
  ),
  '/fr.html': page('quillon-backup', commands, 'fr'),
  '/header.html': page('quillon-restore', commands, undefined, { 'content-language': 'de-DE' }),
  '/plain.html': page('quillon-verify', commands),
});

let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let t: TestApp;
let served: FixtureSite;

beforeAll(async () => {
  served = await startSite(site);
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: served.host });
  t = crawl.t;
});

afterAll(async () => {
  await crawl?.close();
  await served?.close();
});

describe('a page that declares its language', () => {
  it('is indexed in it when its text does not say, by <html lang> or Content-Language, with all languages crawled', async () => {
    const auth = { authorization: `Bearer ${await idTokenFor('declared@example.com')}` };
    const payload = { url: `${served.origin}/`, max_depth: 1, max_pages: 10, all_languages: true };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/crawl-and-index', headers: auth, payload });
    expect(res.statusCode).toBe(200);
    const { chatbot_id, task_id } = res.json().data as { chatbot_id: string; task_id: string };
    expect((await waitForTask(t, auth, chatbot_id, task_id)).status).toBe('completed');
    const rows = await t.db.query<{ url: string; ts_config: string }>(
      'SELECT url, ts_config FROM documents WHERE chatbot_id = $1 AND live',
      [chatbot_id],
    );
    const configOf = Object.fromEntries(rows.map((r) => [new URL(r.url).pathname, r.ts_config]));
    expect(configOf).toEqual({
      '/': 'english',
      '/about.html': 'english',
      '/fr.html': 'french',
      '/header.html': 'german',
      '/plain.html': 'english',
    });
  });
});
