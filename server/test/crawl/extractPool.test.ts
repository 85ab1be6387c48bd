import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite, type CrawlOutcome } from '../../src/crawl/crawler.js';
import { createExtractPool } from '../../src/crawl/extractPool.js';
import type { Extractor } from '../../src/crawl/extractor.js';
import { createSafeFetcher } from '../../src/crawl/safeFetch.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

// A page that takes seconds to extract: 150,000 nested elements (the parser's cost grows with the
// square of the depth: 120,000 took ~6 s on 2 cores under load). Shallower deep pages no longer do:
// their subtrees are flattened after the parse (flattenDeep.ts), and a wide flat page parses in well under 1 s.
const slowPage = `<html><head><title>Deep</title></head><body>${'<div>'.repeat(150_000)}deep${'</div>'.repeat(150_000)}</body></html>`;
const text = (s: string) => `<main><h1>${s}</h1><p>${`${s} explains one thing in detail. `.repeat(15)}</p></main>`;

let site: FixtureSite;
let pool: Extractor;

beforeAll(async () => {
  site = await startSite(() => ({
    '/': { html: `${text('Home')}<a href="/slow">slow</a> <a href="/ok">ok</a>` },
    '/slow': { html: slowPage },
    '/ok': { html: text('Fine') },
  }));
  // Far below the slow page's seconds, far above a small page's milliseconds even on a loaded
  // machine (at 700 ms a busy CI run timed out the small pages too).
  pool = await createExtractPool({ threads: 1, jobTimeoutMs: 2000 });
});

afterAll(async () => {
  await pool.close();
  await site.close();
});

describe('extraction time limit', () => {
  it('fails a page whose extraction runs too long, replaces the worker and carries on', async () => {
    const f = createSafeFetcher({ userAgent: 'DocentBot/0.1', allowHosts: [site.host], maxBytes: 5 * 1024 * 1024 });
    const outcomes: CrawlOutcome[] = [];
    const t0 = Date.now();
    try {
      await crawlSite(
        f,
        pool,
        {
          startUrls: [`${site.origin}/`],
          followLinks: true,
          maxDepth: 1,
          maxPages: 10,
          concurrency: 2,
          timeBudgetMs: 30_000,
          userAgent: 'DocentBot/0.1',
          useSitemaps: false,
        },
        { onOutcome: (o) => void outcomes.push(o) },
      );
    } finally {
      await f.close();
    }
    expect(Date.now() - t0).toBeLessThan(15_000); // not the ~6 s the parse would take
    const of = (path: string) => outcomes.find((o) => o.url === `${site.origin}${path}`);
    expect(of('/slow')).toEqual({ kind: 'failed', url: `${site.origin}/slow`, reason: 'Extraction timed out', errorKind: 'extract' });
    expect(of('/')?.kind).toBe('page');
    expect(of('/ok')?.kind).toBe('page');
    // The replacement worker serves the next pages.
    const again = await pool.extract(text('Later'), `${site.origin}/later`);
    expect(again.markdown).toContain('Later explains one thing');
  });
});

describe('abandoned pages', () => {
  it('stops parsing a page whose caller gave up, so the next page does not wait behind it', async () => {
    const patient = await createExtractPool({ threads: 1, jobTimeoutMs: 20_000 });
    try {
      // Tens of seconds of parsing (200,000 nested elements).
      const hostile = `<body>${'<div>'.repeat(200_000)}x${'</div>'.repeat(200_000)}</body>`;
      const gone = new AbortController();
      const abandoned = patient.extract(hostile, 'http://site.test/hostile', { linksOnly: true }, gone.signal);
      setTimeout(() => gone.abort(new Error('client went away')), 300);
      await expect(abandoned).rejects.toThrow('client went away');
      const t0 = Date.now();
      const next = await patient.extract(text('Next'), 'http://site.test/next');
      expect(next.markdown).toContain('Next explains one thing');
      expect(Date.now() - t0).toBeLessThan(10_000); // a fresh worker, not the rest of the 20 s limit
    } finally {
      await patient.close();
    }
  });
});
