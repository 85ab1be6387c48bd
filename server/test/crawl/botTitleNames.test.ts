import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, waitForTask } from '../helpers/crawlApp.js';
import { sitePage, startChangingSite, type ChangingSite } from '../fixtures/sites/changingSite.js';

let t: TestApp;
let site: ChangingSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
const words = (topic: string) => `${topic} explained for readers of the Acme handbook, with enough words to be indexed. `.repeat(6);
const links = ['/', '/install.html', '/use.html'];

beforeAll(async () => {
  site = await startChangingSite({
    '/': sitePage('Acme handbook — Acme Docs', words('Welcome'), links),
    '/install.html': sitePage('Install — Acme Docs', words('Installing'), links),
    '/use.html': sitePage('Use — Acme Docs', words('Using'), links),
  });
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host });
  t = crawl.t;
});

afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

const owner = 'title-names@example.com';
const auth = async () => ({ authorization: `Bearer ${await idTokenFor(owner)}` });
const nameOf = async (id: string) => (await t.db.query<{ name: string }>(`SELECT name FROM chatbots WHERE id = $1`, [id]))[0]!.name;

/** Creates a bot through `path` and waits for its first task. */
async function create(path: string, payload: object): Promise<string> {
  const headers = await auth();
  const res = await t.app.inject({ method: 'POST', url: `/api/v1${path}`, headers, payload });
  expect(res.statusCode).toBe(200);
  const { chatbot_id, task_id } = res.json().data as { chatbot_id: string; task_id: string };
  expect((await waitForTask(t, headers, chatbot_id, task_id)).status).toBe('completed');
  return chatbot_id;
}

describe('a bot created without a name', () => {
  it("takes its start page's title without the suffix the site repeats, numbered like any name", async () => {
    const first = await create('/crawl-and-index', { url: `${site.origin}/`, max_depth: 1, max_pages: 5 });
    expect(await nameOf(first)).toBe('Acme handbook');
    // The wizard's list: its first address is the start page; a second bot of the same site is told apart.
    const second = await create('/indexing/index-urls', { urls_to_index: [`${site.origin}/`, `${site.origin}/use.html`], name: '' });
    expect(await nameOf(second)).toBe('Acme handbook (2)');
  }, 120_000);

  it('keeps a name the owner gave, at creation or while the crawl ran', async () => {
    const named = await create('/crawl-and-index', { url: `${site.origin}/`, max_depth: 0, max_pages: 1, name: 'My handbook bot' });
    expect(await nameOf(named)).toBe('My handbook bot');

    // Renamed by the owner before the crawl finished: the page is slow, the rename lands first.
    site.delayMs = 1500;
    const headers = await auth();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/crawl-and-index',
      headers,
      payload: { url: `${site.origin}/`, max_depth: 0, max_pages: 1 },
    });
    const { chatbot_id, task_id } = res.json().data as { chatbot_id: string; task_id: string };
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/chatbots/${chatbot_id}`,
      headers,
      payload: { name: 'Renamed meanwhile' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await waitForTask(t, headers, chatbot_id, task_id)).status).toBe('completed');
    site.delayMs = 0;
    expect(await nameOf(chatbot_id)).toBe('Renamed meanwhile');
  }, 120_000);
});
