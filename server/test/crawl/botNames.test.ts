import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp } from '../helpers/crawlApp.js';
import { docsRoutes, startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

let t: TestApp;
let site: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;

beforeAll(async () => {
  // The intro page answers slowly, so every name is read before a crawl ends and renames its bot after a page title.
  site = await startSite((origin) => {
    const routes = docsRoutes(origin);
    return { ...routes, '/guide/intro.html': { delayMs: 3000, then: routes['/guide/intro.html']! } };
  });
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host });
  t = crawl.t;
});

afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

const post = async (email: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { authorization: `Bearer ${await idTokenFor(email)}` }, payload });
const nameOf = async (id: string) => (await t.db.query<{ name: string }>(`SELECT name FROM chatbots WHERE id = $1`, [id]))[0]!.name;

describe('the name of a bot created without one, until its crawl names it after its start page', () => {
  it('is its start address without the scheme, numbered when the owner already has one of that name', async () => {
    const owner = 'names@example.com';
    const wizard = () =>
      post(owner, '/indexing/index-urls', { urls_to_index: [`${site.origin}/guide/`, `${site.origin}/guide/intro.html`], name: '' });
    const first = await wizard();
    const second = await wizard();
    const third = await post(owner, '/crawl-and-index', { url: `${site.origin}/guide/`, max_depth: 0, max_pages: 1 });
    expect(await nameOf(first.json().data.chatbot_id)).toBe(`${site.host}/guide`);
    expect(await nameOf(second.json().data.chatbot_id)).toBe(`${site.host}/guide (2)`);
    expect(await nameOf(third.json().data.chatbot_id)).toBe(`${site.host}/guide (3)`);

    // Another owner's bots do not count; a name the owner typed is kept as typed.
    const other = await post('other-names@example.com', '/indexing/index-urls', { urls_to_index: [`${site.origin}/guide/`] });
    expect(await nameOf(other.json().data.chatbot_id)).toBe(`${site.host}/guide`);
    const named = await post(owner, '/indexing/index-urls', { urls_to_index: [`${site.origin}/guide/`], name: '  Guide bot ' });
    expect(await nameOf(named.json().data.chatbot_id)).toBe('Guide bot');
  }, 120_000);
});
