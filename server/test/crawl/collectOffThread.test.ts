import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedExtractPool } from '../../src/crawl/extractPool.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

// 2.2 MB of 200,000 nested <div>s: parsing it takes tens of seconds of one core.
const nested = `<html><head><title>Nested</title></head><body>${'<div>'.repeat(200_000)}deep text${'</div>'.repeat(200_000)}</body></html>`;

let t: TestApp;
let site: FixtureSite;
let auth: Record<string, string>;

beforeAll(async () => {
  site = await startSite(() => ({ '/nested': { html: nested } }));
  t = await buildTestApp({ env: { CRAWL_ALLOW_HOSTS: site.host, COLLECT_TIMEOUT_SECONDS: '3' } });
  auth = { authorization: `Bearer ${await idTokenFor('collect-off-thread@example.com')}` };
  await sharedExtractPool(); // starting the workers takes seconds; that is not what is measured
});

afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe('URL collection', () => {
  it('keeps the server answering while a hostile page is collected', async () => {
    let done = false;
    const collecting = t.app
      .inject({
        method: 'POST',
        url: '/api/v1/indexing/collect-urls',
        headers: auth,
        payload: { url: `${site.origin}/nested`, max_depth: 1, max_pages: 5 },
      })
      .finally(() => (done = true));
    const latencies: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      latencies.push(performance.now() - t0);
      expect(health.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await collecting;
    expect(site.hits.get('/nested')).toBe(1); // the page was fetched and handed to extraction
    expect(latencies.length).toBeGreaterThan(10);
    expect(Math.max(...latencies)).toBeLessThan(200);
    // The collection's own time limit ends it with a clear answer, not a 500.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      detail: `Could not collect URLs from ${site.origin}/nested: Not fetched: the crawl time limit was reached`,
    });
  });
});
