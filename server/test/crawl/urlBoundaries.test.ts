import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

let t: TestApp;
let site: FixtureSite;
let hidden: FixtureSite;
let auth: Record<string, string>;

beforeAll(async () => {
  site = await startSite(() => ({ '/': { html: '<main><h1>Home</h1><a href="/a">a</a></main>' } }));
  // A loopback site that is NOT on the allow-list: private as far as the crawler is concerned.
  hidden = await startSite(() => ({ '/': { html: '<main><h1>Admin</h1></main>' } }));
  t = await buildTestApp({ env: { CRAWL_ALLOW_HOSTS: site.host } });
  auth = { authorization: `Bearer ${await idTokenFor('url-boundaries@example.com')}` };
});

afterAll(async () => {
  await t?.close();
  await site?.close();
  await hidden?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: auth, payload });

describe('URLs given to the indexing routes', () => {
  it('with a user name or password are refused with a clear 422 on every route', async () => {
    const created = await post('/indexing/index-urls', { urls: [`${site.origin}/`] });
    const botId = created.json().data.chatbot_id as string;
    for (const bad of ['http://user:pass@example.com/', 'http://a@b/']) {
      for (const [route, body, loc] of [
        ['/indexing/collect-urls', { url: bad, max_depth: 1 }, ['body', 'url']],
        ['/crawl-and-index', { url: bad }, ['body', 'url']],
        ['/indexing/index-urls', { urls: [`${site.origin}/`, bad] }, ['body', 'urls', 1]],
        ['/indexing/index-urls', { urls_to_index: [bad] }, ['body', 'urls_to_index', 0]],
        ['/indexing/crawl', { chatbot_id: botId, url: bad }, ['body', 'url']],
      ] as const) {
        const res = await post(route, body);
        expect(res.statusCode, `${route} ${bad}`).toBe(422);
        expect(res.json().detail, `${route} ${bad}`).toEqual([
          { loc, msg: 'URLs with a user name or password are not supported.', type: 'custom' },
        ]);
      }
    }
  });

  it('whose percent-encoded form is too long are refused, not a server error', async () => {
    const long = `${site.origin}/${'é'.repeat(1000)}`; // 1,000 characters typed, 6,000 once encoded
    for (const [route, body] of [
      ['/indexing/collect-urls', { url: long, max_depth: 1 }],
      ['/crawl-and-index', { url: long }],
      ['/indexing/index-urls', { urls: [long] }],
    ] as const) {
      const res = await post(route, body);
      expect(res.statusCode, route).toBe(422);
      expect(res.json().detail[0].msg, route).toBe('Invalid URL format.');
    }
  });

  it('are not listed by collect-urls at depth 0 when their address is private', async () => {
    for (const url of ['http://10.0.0.1/', `${hidden.origin}/`]) {
      const res = await post('/indexing/collect-urls', { url, max_depth: 0 });
      expect(res.statusCode, url).toBe(422); // at submit, as every route (server/test/security/privateSubmit.test.ts)
      expect(res.json().detail[0].msg, url).toMatch(/^Refused: .* is a private address/);
    }
    expect(hidden.hits.size).toBe(0); // refused without a request
    // A public (here: allow-listed) start URL at depth 0 is listed; it is fetched once, so a
    // redirect into private space would be refused rather than listed.
    const ok = await post('/indexing/collect-urls', { url: `${site.origin}/`, max_depth: 0 });
    expect(ok.json()).toEqual({ success: true, data: { collected_urls: [`${site.origin}/`], count: 1 } });
    expect(site.hits.get('/')).toBe(1);
  });
});

describe('malformed request paths', () => {
  it("answer in the envelope, not with the framework's own body", async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/chatbots/%E0%A4%A', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, detail: 'Malformed URL: a %-escape in the path is invalid.' });
    const long = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${'a'.repeat(300)}`, headers: auth });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ success: false, detail: 'A part of the URL path is too long.' });
  });
});
