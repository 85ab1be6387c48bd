import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

let t: TestApp;
let site: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let auth: Record<string, string>;

beforeAll(async () => {
  site = await startSite();
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host, CRAWL_MAX_PAGES: '40' });
  t = crawl.t;
  auth = { authorization: `Bearer ${await idTokenFor('submit-owner@example.com')}` };
});

afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: auth, payload: payload as object });
const botCount = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM chatbots`))[0]!.n;

describe('a crawl the server would refuse later is refused at submit', () => {
  it.each([
    ['http://10.255.255.1/', 'Refused: 10.255.255.1 is a private address'],
    ['http://127.0.0.1:9/', 'Refused: 127.0.0.1 is a private address (loopback)'],
    ['http://169.254.169.254/latest/meta-data/', 'Refused: 169.254.169.254 is a private address (cloud metadata)'],
    ['http://[::1]/', 'Refused: [::1] is a private address (loopback)'],
  ])('crawl-and-index refuses %s with the crawler policy in its words, and creates no bot', async (url, words) => {
    const before = await botCount();
    const res = await post('/crawl-and-index', { url, max_depth: 1, max_pages: 5, name: 'Intranet' });
    expect(res.statusCode).toBe(422);
    const detail = res.json().detail as { loc: string[]; msg: string }[];
    expect(detail[0]!.loc).toEqual(['body', 'url']);
    expect(detail[0]!.msg).toContain(words);
    expect(detail[0]!.msg).toContain('CRAWL_ALLOW_HOSTS');
    expect(await botCount()).toBe(before);
  });

  it('index-urls and a refresh with a new URL are refused the same way', async () => {
    const list = await post('/indexing/index-urls', { urls_to_index: [`${site.origin}/`, 'http://192.168.1.10/admin'], name: '' });
    expect(list.statusCode).toBe(422);
    expect(list.json().detail[0].msg).toContain('Refused: 192.168.1.10 is a private address');

    const ok = await post('/crawl-and-index', { url: `${site.origin}/`, max_depth: 0, max_pages: 1 });
    expect(ok.statusCode).toBe(200); // an allow-listed local host still passes
    const refresh = await post('/indexing/crawl', { chatbot_id: ok.json().data.chatbot_id, url: 'http://10.1.2.3/' });
    expect(refresh.statusCode).toBe(422);
    expect(refresh.json().detail[0].msg).toContain('Refused: 10.1.2.3 is a private address');
  });

  it('more pages than CRAWL_MAX_PAGES is refused with the cap named, not clamped in silence', async () => {
    const before = await botCount();
    for (const route of ['/crawl-and-index', '/indexing/collect-urls']) {
      const res = await post(route, { url: `${site.origin}/`, max_depth: 1, max_pages: 41 });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([
        { loc: ['body', 'max_pages'], msg: "max_pages must be at most 40 (this server's CRAWL_MAX_PAGES)", type: 'too_big' },
      ]);
    }
    expect(await botCount()).toBe(before);
    const atCap = await post('/crawl-and-index', { url: `${site.origin}/`, max_depth: 0, max_pages: 40 });
    expect(atCap.statusCode).toBe(200);
  });
});
