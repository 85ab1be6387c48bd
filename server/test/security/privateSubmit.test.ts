import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chatbot } from '../../../shared/src/api/types.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import type { TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';
import { buildCrawlApp, waitForTask } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

/**
 * A private address is refused when the owner submits it, on every route that will fetch it, with
 * the same 422 and the crawler's own reason; nothing is created and nothing is fetched. What only a
 * fetch can tell (an allowed URL that redirects into private space) is refused then, and leaves no
 * trace on the bot either.
 */
let t: TestApp;
let site: FixtureSite;
let hidden: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let auth: Record<string, string>;
let uid: string;
let bot: string;

beforeAll(async () => {
  // A loopback site that is NOT on the allow-list: private as far as the crawler is concerned.
  hidden = await startSite(() => ({ '/': { html: '<main><h1>Admin</h1><p>Internal only.</p></main>' } }));
  site = await startSite(() => ({
    '/': { html: '<main><h1>Home</h1><p>The public home page of the site, with enough words to index.</p></main>' },
    '/to-hidden': { redirect: `${hidden.origin}/` },
    '/missing': { html: '<h1>Gone</h1>', status: 404 },
  }));
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host, TASK_MAX_ATTEMPTS: '1' });
  t = crawl.t;
  const owner = await signIn('private-submit@example.com');
  uid = owner.uid;
  auth = { authorization: `Bearer ${owner.idToken}` };
  const created = await post('/indexing/index-urls', { urls_to_index: [`${site.origin}/`], name: 'Public site' });
  bot = created.json().data.chatbot_id;
  expect((await waitForTask(t, auth, bot, created.json().data.task_id)).status).toBe('completed');
});

afterAll(async () => {
  await crawl?.close();
  await site?.close();
  await hidden?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: auth, payload });
const count = async (table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
const botUrls = async (id: string) =>
  ((await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${id}`, headers: auth })).json().data.chatbot as Chatbot).urls ?? [];

describe('a private address given to any route', () => {
  const targets = ['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'hidden'];

  it.each(targets)('%s is refused at submit with the same 422 and reason everywhere, creating and fetching nothing', async (target) => {
    const url = target === 'hidden' ? `${hidden.origin}/` : target;
    const before = { bots: await count('chatbots'), sources: await count('sources'), tasks: await count('tasks') };
    const routes: [string, object, (string | number)[]][] = [
      ['/crawl-and-index', { url }, ['body', 'url']],
      ['/indexing/collect-urls', { url, max_depth: 0 }, ['body', 'url']],
      ['/indexing/collect-urls', { url, max_depth: 1 }, ['body', 'url']],
      ['/indexing/collect-urls', { url, max_depth: 3 }, ['body', 'url']],
      ['/indexing/index-urls', { urls_to_index: [url] }, ['body', 'urls_to_index']],
      ['/indexing/crawl', { chatbot_id: bot, url }, ['body', 'url']],
      [`/chatbots/${bot}/sources`, { url }, ['body', 'url']],
    ];
    const messages = new Set<string>();
    for (const [route, body, loc] of routes) {
      const res = await post(route, body);
      expect(res.statusCode, `${route} ${JSON.stringify(body)}`).toBe(422);
      const [issue] = res.json().detail as { loc: string[]; msg: string; type: string }[];
      expect(issue, route).toMatchObject({ loc, type: 'address_refused' });
      expect(issue!.msg, route).toMatch(/^Refused: .* is a private address.*CRAWL_ALLOW_HOSTS/);
      messages.add(issue!.msg);
    }
    expect([...messages]).toHaveLength(1); // one reason, in the same words, on every route
    expect({ bots: await count('chatbots'), sources: await count('sources'), tasks: await count('tasks') }).toEqual(before);
    expect(hidden.hits.size).toBe(0);
  });

  it('stored as a bot start URL before the host was closed, is refused by a re-crawl at submit', async () => {
    const old = await insertChatbot(t.db, { ownerUid: uid, name: 'Intranet', startUrl: `${hidden.origin}/` });
    const res = await post('/indexing/crawl', { chatbot_id: old.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].msg).toMatch(/^Refused: 127\.0\.0\.1 is a private address \(loopback\)/);
    expect(await t.db.query('SELECT 1 FROM tasks WHERE chatbot_id = $1', [old.id])).toEqual([]);
    expect(hidden.hits.size).toBe(0);
  });
});

describe('an allowed URL that redirects into private space', () => {
  it('is not listed by a depth-0 collect', async () => {
    const res = await post('/indexing/collect-urls', { url: `${site.origin}/to-hidden`, max_depth: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(new RegExp(`^Could not collect URLs from ${site.origin}/to-hidden: .*private address`));
    expect(hidden.hits.size).toBe(0);
    // An allowed start URL at depth 0 is still listed.
    const ok = await post('/indexing/collect-urls', { url: `${site.origin}/`, max_depth: 0 });
    expect(ok.json()).toEqual({ success: true, data: { collected_urls: [`${site.origin}/`], count: 1 } });
  });

  it('added as a single source, fails with the reason and leaves no row behind; nor does a page that is not found', async () => {
    for (const [path, reason] of [
      ['/to-hidden', /private address/],
      ['/missing', /404/],
    ] as const) {
      const url = `${site.origin}${path}`;
      const add = await post(`/chatbots/${bot}/sources`, { url });
      expect(add.statusCode).toBe(200);
      const task = await waitForTask(t, auth, bot, add.json().data.task_id);
      expect(task.status).toBe('failed');
      expect(task.error).toMatch(new RegExp(`^Could not index ${url}: `));
      expect(task.error).toMatch(reason);
      expect((await botUrls(bot)).map((u) => u.url)).toEqual([`${site.origin}/`]);
    }
    expect(hidden.hits.size).toBe(0);
    // The bot's own page is still there and live: a failed add takes nothing else with it.
    expect(await botUrls(bot)).toEqual([expect.objectContaining({ url: `${site.origin}/`, status: 'indexed' })]);
  });
});
