import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chatbot } from '../../../../shared/src/api/types.js';
import { idTokenFor } from '../../helpers/auth.js';
import { buildCrawlApp, waitForTask } from '../../helpers/crawlApp.js';
import { startSite, type FixtureSite } from '../../fixtures/sites/docsSite.js';

/**
 * The owner's "render JavaScript" setting (render_javascript, migration 027): stored on the bot by
 * the create form, the wizard and Crawl Settings, and read by every crawl. This machine's test run
 * has no browser (CHROMIUM_PATH points nowhere, as npm test needs none), so a page the crawler
 * would render fails with a reason naming CHROMIUM_PATH: that is how the setting shows here. The
 * rendering itself is tested in Chromium (e2e/render.e2e.test.ts).
 */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p></main></body></html>`;
const SHELL = `<!doctype html><html lang="en"><head><title>App</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;

let site: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let auth: Record<string, string>;

beforeAll(async () => {
  site = await startSite(() => ({
    '/': { html: page('Orbit', 'Orbit schedules backups of your servers every night and keeps thirty days of them.') },
    '/app/': { html: SHELL },
  }));
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host, CHROMIUM_PATH: '/nonexistent/chromium' });
  auth = { authorization: `Bearer ${await idTokenFor('render-owner@example.com')}` };
});
afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  crawl.t.app.inject({ method, url: `/api/v1${url}`, headers: auth, payload });

async function crawled(payload: object): Promise<{ bot: Chatbot; sources: NonNullable<Chatbot['urls']> }> {
  const res = await inject('POST', '/crawl-and-index', { max_depth: 0, max_pages: 1, ...payload });
  expect(res.statusCode).toBe(200);
  const { chatbot_id, task_id } = res.json().data as { chatbot_id: string; task_id: string };
  await waitForTask(crawl.t, auth, chatbot_id, task_id);
  const bot = (await inject('GET', `/chatbots/${chatbot_id}`)).json().data.chatbot as Chatbot;
  return { bot, sources: bot.urls ?? [] };
}

describe('render JavaScript', () => {
  it('is off by default: a static page is read as fetched, without a browser', async () => {
    const { bot, sources } = await crawled({ url: `${site.origin}/` });
    expect(bot.render_javascript).toBe(false);
    expect(sources.map((s) => s.status)).toEqual(['indexed']);
  });

  it('an app shell needs a browser even when off, and without one its reason names CHROMIUM_PATH', async () => {
    const { sources } = await crawled({ url: `${site.origin}/app/` });
    expect(sources[0]).toMatchObject({ status: 'failed' });
    expect(sources[0]!.error).toContain('CHROMIUM_PATH (/nonexistent/chromium)');
  });

  it('on, it is stored on the bot and every page goes to the browser', async () => {
    const { bot, sources } = await crawled({ url: `${site.origin}/`, render_javascript: true });
    expect(bot.render_javascript).toBe(true);
    expect(sources[0]).toMatchObject({ status: 'failed' });
    expect(sources[0]!.error).toContain('CHROMIUM_PATH');
  });

  it('is changed in Crawl Settings (PATCH) and refused when not a boolean, in the detail envelope', async () => {
    const { bot } = await crawled({ url: `${site.origin}/` });
    const patched = await inject('PATCH', `/chatbots/${bot.id}`, { render_javascript: true });
    expect(patched.statusCode).toBe(200);
    expect((patched.json().data as Chatbot).render_javascript).toBe(true);
    const bad = await inject('PATCH', `/chatbots/${bot.id}`, { render_javascript: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'render_javascript'], msg: 'render_javascript must be true or false' });
  });

  it('is stored by the wizard on the bot it creates from chosen URLs', async () => {
    const res = await inject('POST', '/indexing/index-urls', { urls: [`${site.origin}/`], render_javascript: true });
    expect(res.statusCode).toBe(200);
    const bot = (await inject('GET', `/chatbots/${res.json().data.chatbot_id}`)).json().data.chatbot as Chatbot;
    expect(bot.render_javascript).toBe(true);
  });
});
