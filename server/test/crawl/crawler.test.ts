import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite, TIME_LIMIT_REASON, type CrawlOutcome, type CrawlOptions } from '../../src/crawl/crawler.js';
import { inlineExtractor } from '../helpers/inlineExtractor.js';
import { createSafeFetcher, type SafeFetcher } from '../../src/crawl/safeFetch.js';
import { startSite, type FixtureSite, type Route } from '../fixtures/sites/docsSite.js';

let site: FixtureSite;
let fetcher: SafeFetcher;

beforeAll(async () => {
  site = await startSite();
  fetcher = createSafeFetcher({ userAgent: 'DocentBot/0.1 (+test)', allowHosts: [site.host], timeoutMs: 5000, maxBytes: 1024 * 1024 });
});
afterAll(async () => {
  await fetcher.close();
  await site.close();
});

async function crawl(over: Partial<CrawlOptions> = {}) {
  const outcomes: CrawlOutcome[] = [];
  const admitted: string[] = [];
  const summary = await crawlSite(
    fetcher,
    inlineExtractor(),
    {
      startUrls: [`${site.origin}/`],
      followLinks: true,
      maxDepth: 3,
      maxPages: 100,
      concurrency: 4,
      timeBudgetMs: 30_000,
      userAgent: 'DocentBot/0.1 (+test)',
      ...over,
    },
    { onAdmitted: (u) => admitted.push(u), onOutcome: (o) => void outcomes.push(o) },
  );
  const by = (path: string) => outcomes.filter((o) => new URL(o.url).pathname === path);
  return { outcomes, admitted, summary, by, pages: outcomes.filter((o) => o.kind === 'page') as Extract<CrawlOutcome, { kind: 'page' }>[] };
}

describe('crawling the fixture docs site', () => {
  it('indexes each page once, honours robots, sitemaps, redirects, charsets and canonicals', async () => {
    const { outcomes, by, pages, admitted } = await crawl();
    const paths = pages.map((p) => new URL(p.url).pathname).sort();
    expect(paths).toEqual(
      [
        '/',
        '/based.html',
        '/broken.html',
        '/canon.html',
        '/canon-hub.html',
        '/deep/1.html',
        '/deep/2.html',
        '/deep/3.html',
        '/guide/intro.html',
        '/guide/new.html',
        '/guide/relative.html',
        '/guide/usage.html',
        '/latin1.html',
        '/legal.html',
        '/orphan.html',
      ].sort(),
    );
    // Every admitted URL got exactly one outcome.
    expect(outcomes.length).toBe(admitted.length);
    // Fragment and tracking variants are the same URL: fetched once.
    expect(site.hits.get('/guide/intro.html')).toBe(1);
    // /index.html has the same content as /: a duplicate, not indexed twice.
    expect(by('/index.html')[0]).toMatchObject({ kind: 'skipped', reason: `Duplicate of ${site.origin}/` });
    // robots.txt group for DocentBot (the * group disallows everything).
    expect(by('/private/secret.html')[0]).toMatchObject({ kind: 'skipped', reason: 'Blocked by robots.txt' });
    expect(by('/no-docent/page.html')[0]).toMatchObject({ kind: 'skipped', reason: 'Blocked by robots.txt' });
    expect(site.hits.get('/private/secret.html')).toBeUndefined();
    // Sitemap index → sitemap → orphan page nobody links to.
    expect(site.hits.get('/sitemap_index.xml')).toBe(1);
    // Redirects: followed within the site; loops and private space refused.
    expect(by('/old')).toEqual([]);
    expect(pages.find((p) => p.url.endsWith('/guide/new.html'))).toBeDefined();
    expect(by('/loop-a')[0]).toMatchObject({ kind: 'failed', errorKind: 'too_many_redirects' });
    expect(by('/to-private')[0]).toMatchObject({ kind: 'failed', errorKind: 'refused' });
    expect((by('/to-private')[0] as { reason: string }).reason).toMatch(/^Refused: 127\.0\.0\.2 is a private address/);
    // Limits and types.
    expect(by('/huge.html')[0]).toMatchObject({ kind: 'failed', errorKind: 'too_large' });
    expect(by('/download')[0]).toMatchObject({ kind: 'skipped', reason: 'Not HTML (application/octet-stream)' });
    expect(site.hits.get('/logo.png')).toBeUndefined(); // never requested: not a page by its extension
    expect(by('/missing.html')[0]).toMatchObject({ kind: 'failed', errorKind: 'http_status', reason: 'HTTP 404' });
    // Same-site canonical with the same content: a duplicate; with other content: kept as itself.
    expect(by('/canon-dup.html')[0]).toMatchObject({ kind: 'skipped', reason: `Duplicate of ${site.origin}/guide/intro.html` });
    expect(by('/canon-hub.html')[0]).toMatchObject({ kind: 'page', url: `${site.origin}/canon-hub.html` });
    expect(new Set(pages.map((p) => p.url)).size).toBe(pages.length);
    // file:// canonical ignored: the page keeps its own URL.
    expect(pages.some((p) => p.url === `${site.origin}/canon.html`)).toBe(true);
    // Never off-site.
    expect(outcomes.some((o) => !o.url.startsWith(site.origin))).toBe(false);
    // Identifies itself.
    expect([...site.userAgents]).toEqual(['DocentBot/0.1 (+test)']);
  });

  it('decodes windows-1252 pages and keeps content, not chrome', async () => {
    const { pages } = await crawl({ maxDepth: 1 });
    const latin = pages.find((p) => p.url.endsWith('/latin1.html'))!;
    expect(latin.title).toBe('Café Crème');
    expect(latin.markdown).toContain('Un café crème coûte 3 € à Zürich — naïve façade.');
    const intro = pages.find((p) => p.url.endsWith('/guide/intro.html'))!;
    expect(intro.markdown).toContain('## Installation');
    expect(intro.markdown).not.toContain('SIDEBARTOKEN');
    expect(intro.markdown).not.toContain('Copyright Example Docs');
    const broken = pages.find((p) => p.url.endsWith('/broken.html'))!;
    expect(broken.markdown).toContain('cell one');
  });

  it('follows <base href> for relative links', async () => {
    const { pages } = await crawl();
    expect(pages.some((p) => p.url === `${site.origin}/guide/relative.html`)).toBe(true);
  });

  it('stops at max_depth and max_pages', async () => {
    const shallow = await crawl({ maxDepth: 1, useSitemaps: false });
    expect(shallow.pages.some((p) => p.url.includes('/deep/2.html'))).toBe(false);
    expect(shallow.pages.some((p) => p.url.includes('/deep/1.html'))).toBe(true);
    const few = await crawl({ maxPages: 3 });
    // Robots-blocked URLs are reported but do not use up max_pages.
    const counted = few.outcomes.filter((o) => !(o.kind === 'skipped' && o.reason === 'Blocked by robots.txt'));
    expect(counted).toHaveLength(3);
    expect(few.outcomes.length).toBe(few.admitted.length);
  });

  it('waits on its one signal from every runner without a listener-leak warning', async () => {
    const many = await startSite(() => ({
      '/': { html: `<main><h1>Hub</h1>${Array.from({ length: 40 }, (_, i) => `<a href="/p${i}">Page ${i}</a>`).join(' ')}</main>` },
      ...Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [`/p${i}`, { html: `<main><h1>P${i}</h1><p>${`Text ${i}. `.repeat(40)}</p></main>` }]),
      ),
    }));
    const f = createSafeFetcher({ userAgent: 'DocentBot/0.1', allowHosts: [many.host] });
    const warnings: string[] = [];
    const onWarning = (w: Error) => void warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    // Extraction slower than fetching, so every runner is waiting on the signal at once.
    const inline = inlineExtractor();
    const slowExtractor = {
      ...inline,
      extract: async (...args: Parameters<typeof inline.extract>) => {
        await new Promise((r) => setTimeout(r, 30));
        return inline.extract(...args);
      },
    };
    try {
      const outcomes: CrawlOutcome[] = [];
      await crawlSite(
        f,
        slowExtractor,
        {
          startUrls: [`${many.origin}/`],
          followLinks: true,
          maxDepth: 1,
          maxPages: 41,
          concurrency: 16,
          timeBudgetMs: 20_000,
          userAgent: 'DocentBot/0.1',
          useSitemaps: false,
        },
        { onOutcome: (o) => void outcomes.push(o) },
      );
      await new Promise((r) => setImmediate(r)); // warnings are emitted on a later tick
      expect(outcomes.filter((o) => o.kind === 'page')).toHaveLength(41);
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await f.close();
      await many.close();
    }
  });

  it('fetches only the given URLs when not following links', async () => {
    const { outcomes } = await crawl({
      followLinks: false,
      startUrls: [`${site.origin}/guide/usage.html`, `${site.origin}/missing.html`],
      maxDepth: 0,
    });
    expect(outcomes.map((o) => [new URL(o.url).pathname, o.kind]).sort()).toEqual([
      ['/guide/usage.html', 'page'],
      ['/missing.html', 'failed'],
    ]);
  });

  it('discovery mode lists the last level without fetching it', async () => {
    const before = site.hits.get('/deep/2.html') ?? 0;
    const { outcomes } = await crawl({ discoveryOnly: true, maxDepth: 2 });
    expect(outcomes.find((o) => o.url.endsWith('/deep/2.html'))?.kind).toBe('listed');
    expect(site.hits.get('/deep/2.html') ?? 0).toBe(before);
  });

  it('waits Crawl-delay between requests for our user agent', async () => {
    const slow = await startSite((origin) => ({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: docentbot\nCrawl-delay: 0.3\nAllow: /\n' },
      '/': { html: `<main><h1>Home</h1><p>${'Home page text. '.repeat(20)}</p><a href="/a">a</a><a href="/b">b</a></main>` },
      '/a': { html: `<main><h1>A</h1><p>${'Page A text. '.repeat(20)}</p></main>` },
      '/b': { html: `<main><h1>B</h1><p>${'Page B text. '.repeat(20)}</p></main>` },
      [`/${origin.length}`]: { html: '' },
    }));
    const f = createSafeFetcher({ userAgent: 'DocentBot/0.1', allowHosts: [slow.host] });
    try {
      const t0 = Date.now();
      const outcomes: CrawlOutcome[] = [];
      await crawlSite(
        f,
        inlineExtractor(),
        {
          startUrls: [`${slow.origin}/`],
          followLinks: true,
          maxDepth: 1,
          maxPages: 10,
          concurrency: 4,
          timeBudgetMs: 10_000,
          userAgent: 'DocentBot/0.1',
          useSitemaps: false,
        },
        { onOutcome: (o) => void outcomes.push(o) },
      );
      expect(outcomes.filter((o) => o.kind === 'page')).toHaveLength(3);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(550); // 3 requests, 0.3 s apart
    } finally {
      await f.close();
      await slow.close();
    }
  });

  it('stops at the time budget and says so', async () => {
    const slow = await startSite(() => ({
      '/': {
        html: `<main><h1>Home</h1><p>${'Home page text. '.repeat(20)}</p>${Array.from({ length: 20 }, (_, i) => `<a href="/p${i}">p</a>`).join('')}</main>`,
      },
      ...Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [
          `/p${i}`,
          { delayMs: 400, then: { html: `<main><p>${'slow page. '.repeat(30)}</p></main>` } },
        ]),
      ),
    }));
    const f = createSafeFetcher({ userAgent: 'DocentBot/0.1', allowHosts: [slow.host] });
    try {
      const outcomes: CrawlOutcome[] = [];
      const summary = await crawlSite(
        f,
        inlineExtractor(),
        {
          startUrls: [`${slow.origin}/`],
          followLinks: true,
          maxDepth: 1,
          maxPages: 50,
          concurrency: 2,
          timeBudgetMs: 900,
          userAgent: 'DocentBot/0.1',
          useSitemaps: false,
        },
        { onOutcome: (o) => void outcomes.push(o) },
      );
      expect(summary.stoppedBy).toBe('time');
      expect(outcomes.some((o) => o.kind === 'skipped' && o.reason === 'Not fetched: the crawl time limit was reached')).toBe(true);
      expect(outcomes.length).toBe(21);
    } finally {
      await f.close();
      await slow.close();
    }
  });
});

/** Crawl a throwaway site built for one test; returns outcomes, summary and elapsed time. */
async function crawlOwn(routes: (origin: string) => Record<string, Route>, over: Partial<CrawlOptions> = {}) {
  const own = await startSite(routes);
  const f = createSafeFetcher({ userAgent: 'DocentBot/0.1', allowHosts: [own.host], timeoutMs: 10_000 });
  const outcomes: CrawlOutcome[] = [];
  const t0 = Date.now();
  try {
    const summary = await crawlSite(
      f,
      inlineExtractor(),
      {
        startUrls: [`${own.origin}/`],
        followLinks: true,
        maxDepth: 1,
        maxPages: 50,
        concurrency: 2,
        timeBudgetMs: 10_000,
        userAgent: 'DocentBot/0.1',
        ...over,
      },
      { onOutcome: (o) => void outcomes.push(o) },
    );
    const at = (path: string) => outcomes.filter((o) => o.url === `${own.origin}${path}`);
    return { outcomes, summary, ms: Date.now() - t0, at, origin: own.origin, hits: own.hits };
  } finally {
    await f.close();
    await own.close();
  }
}

const text = (s: string) => `<main><h1>${s}</h1><p>${`${s} explains one thing in detail. `.repeat(15)}</p></main>`;
const links = (...paths: string[]) => paths.map((p) => `<a href="${p}">${p}</a>`).join(' ');

describe('the crawl time limit covers every wait', () => {
  it('a stalled sitemap cannot hold the crawl past its deadline', async () => {
    const r = await crawlOwn(
      (origin) => ({
        '/robots.txt': { type: 'text/plain', body: `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n` },
        '/sitemap.xml': { delayMs: 5000, then: { type: 'application/xml', body: '<urlset></urlset>' } },
        '/': { html: text('Home') },
      }),
      { timeBudgetMs: 600 },
    );
    expect(r.ms).toBeLessThan(2000);
    expect(r.summary.stoppedBy).toBe('time');
    expect(r.outcomes).toEqual([{ kind: 'skipped', url: `${r.origin}/`, reason: TIME_LIMIT_REASON, notFetched: true }]);
  });

  it('a long Crawl-delay wait ends at the deadline', async () => {
    const r = await crawlOwn(
      () => ({
        '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nCrawl-delay: 5\nAllow: /\n' },
        '/': { html: `${text('Home')}${links('/a', '/b')}` },
        '/a': { html: text('A') },
        '/b': { html: text('B') },
      }),
      { timeBudgetMs: 1000, useSitemaps: false },
    );
    expect(r.ms).toBeLessThan(2500);
    expect(r.summary.stoppedBy).toBe('time');
    expect(r.at('/')[0]?.kind).toBe('page');
    for (const p of ['/a', '/b'])
      expect(r.at(p)).toEqual([{ kind: 'skipped', url: `${r.origin}${p}`, reason: TIME_LIMIT_REASON, notFetched: true }]);
  });

  it('requests in flight at the deadline are cut short and recorded as not fetched', async () => {
    const r = await crawlOwn(
      () => ({
        '/': { html: `${text('Home')}${links('/slow')}` },
        '/slow': { delayMs: 5000, then: { html: text('Slow') } },
      }),
      { timeBudgetMs: 800, useSitemaps: false },
    );
    expect(r.ms).toBeLessThan(2000);
    expect(r.summary.stoppedBy).toBe('time');
    expect(r.at('/slow')).toEqual([{ kind: 'skipped', url: `${r.origin}/slow`, reason: TIME_LIMIT_REASON, notFetched: true }]);
  });
});

describe('canonical links', () => {
  it('adopts a canonical only when it is unfetched or has the same content; hub pointers stay themselves', async () => {
    const canonicalTo = (href: string, body: string) =>
      `<html><head><title>t</title><link rel="canonical" href="${href}"></head><body>${body}</body></html>`;
    const r = await crawlOwn(
      (origin) => ({
        '/': { html: `${text('Hub')}${links('/a', '/b', '/c', '/d', '/e', '/f', '/g')}` },
        // Different content, the hub as canonical (a common CMS mistake): kept as themselves.
        '/a': { html: canonicalTo(`${origin}/`, text('Alpha')) },
        '/b': { html: canonicalTo('/', text('Beta')) },
        // Canonical nobody links to: the page stands in for it.
        '/c': { html: canonicalTo('/c-real', text('Gamma')) },
        // Same content as its canonical, which arrives later: a duplicate of it, not the other way round.
        '/d': { html: canonicalTo('/e', text('Epsilon')) },
        '/e': { delayMs: 300, then: { html: text('Epsilon') } },
        // Canonical fetched later with different content: kept as itself.
        '/f': { html: canonicalTo('/g', text('Phi')) },
        '/g': { delayMs: 300, then: { html: text('Gee') } },
      }),
      { useSitemaps: false, concurrency: 8 },
    );
    const pages = r.outcomes
      .filter((o) => o.kind === 'page')
      .map((o) => o.url.slice(r.origin.length))
      .sort();
    expect(pages).toEqual(['/', '/a', '/b', '/c-real', '/e', '/f', '/g']);
    expect(r.at('/d')).toEqual([{ kind: 'skipped', url: `${r.origin}/d`, reason: `Duplicate of ${r.origin}/e` }]);
    expect(r.hits.get('/c-real')).toBeUndefined();
    expect(r.outcomes).toHaveLength(8);
  });
});

describe('robots-blocked links', () => {
  it('are never fetched, and only a bounded number is reported and remembered', async () => {
    const blockedLinks = Array.from({ length: 3000 }, (_, i) => `/blocked/${i}`);
    const r = await crawlOwn(
      () => ({
        '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /blocked/\n' },
        '/': { html: `${text('Home')}${links(...blockedLinks, '/ok')}` },
        '/ok': { html: `${text('Ok')}${links(...blockedLinks)}` },
      }),
      { maxPages: 20, useSitemaps: false, maxDepth: 2 },
    );
    const blocked = r.outcomes.filter((o) => o.kind === 'skipped' && o.reason === 'Blocked by robots.txt');
    expect(blocked).toHaveLength(20);
    expect(new Set(blocked.map((o) => o.url)).size).toBe(20);
    expect([...r.hits.keys()].some((p) => p.startsWith('/blocked/'))).toBe(false);
    expect(r.outcomes.filter((o) => o.kind === 'page')).toHaveLength(2);
    expect(r.summary.remembered).toBeLessThanOrEqual(25);
  });
});
