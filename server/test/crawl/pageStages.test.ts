import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRun, ROBOTS_REASON, TIME_LIMIT_REASON } from '../../src/crawl/crawlRun.js';
import type { CrawlOptions, CrawlOutcome } from '../../src/crawl/crawlTypes.js';
import type { ExtractedPage } from '../../src/crawl/extract.js';
import { pageHash } from '../../src/crawl/pageHash.js';
import type { PageOutcome } from '../../src/crawl/pageOutcome.js';
import { createSafeFetcher, type FetchedResource, type SafeFetcher } from '../../src/crawl/safeFetch.js';
import { arrive } from '../../src/crawl/stages/arrive.js';
import { extractPage } from '../../src/crawl/stages/extractPage.js';
import { fetchPage } from '../../src/crawl/stages/fetchPage.js';
import { followLinks } from '../../src/crawl/stages/followLinks.js';
import { keepPage } from '../../src/crawl/stages/keepPage.js';
import { language } from '../../src/crawl/stages/language.js';
import { placePage } from '../../src/crawl/stages/placePage.js';
import { screen } from '../../src/crawl/stages/screen.js';
import { PATTERN_SKIP_REASON } from '../../src/crawl/urlPatterns.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';
import { inlineExtractor } from '../helpers/inlineExtractor.js';

/** Each page stage on its own (pageStages.ts), against a real local site, fetcher and extractor. */

const UA = 'DocentBot/0.1 (+test)';
const html = (title: string, body: string, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const prose = '<p>The gateway reads its settings from a file and reloads them when the file changes on disk.</p>';

let site: FixtureSite;
let fetcher: SafeFetcher;

beforeAll(async () => {
  site = await startSite(() => ({
    '/robots.txt': { body: 'User-agent: *\nDisallow: /private/\n', type: 'text/plain' },
    '/': { html: html('Home', `${prose}<a href="/guide.html">Guide</a>`) },
    '/guide.html': { html: html('Guide', prose), headers: { etag: '"v1"' } },
    '/same.html': { html: '', status: 304 },
    '/gone.html': { html: 'gone', status: 404 },
    '/private/a.html': { html: html('Private', prose) },
  }));
  fetcher = createSafeFetcher({ userAgent: UA, allowHosts: [site.host], timeoutMs: 5000 });
});
afterAll(async () => {
  await fetcher.close();
  await site.close();
});

function newRun(over: Partial<CrawlOptions> = {}) {
  const outcomes: CrawlOutcome[] = [];
  const opts: CrawlOptions = {
    startUrls: [`${site.origin}/`],
    followLinks: true,
    maxDepth: 2,
    maxPages: 10,
    concurrency: 2,
    timeBudgetMs: 30_000,
    userAgent: UA,
    ...over,
  };
  const run = new CrawlRun(fetcher, inlineExtractor(), opts, { onOutcome: (o) => void outcomes.push(o) }, `${site.origin}/`);
  return { run, outcomes };
}
const at = (path: string, depth = 1): PageOutcome => ({ url: `${site.origin}${path}`, depth });
const response = (url: string, body: string, contentType = 'text/html'): FetchedResource => ({
  url,
  status: 200,
  contentType,
  body,
  redirects: [],
});
const extracted = (over: Partial<ExtractedPage>): ExtractedPage => ({
  title: 'Guide',
  markdown: 'The gateway reads its settings from a file.',
  links: [],
  anchors: [],
  noindex: false,
  nofollow: false,
  outsideKeys: [],
  method: 'readability',
  ...over,
});

describe('screen', () => {
  it('skips a URL robots.txt disallows without requesting it, and passes an allowed one on', async () => {
    const { run, outcomes } = newRun();
    expect(await screen(at('/private/a.html'), run)).toBeUndefined();
    expect(outcomes).toEqual([{ kind: 'skipped', url: `${site.origin}/private/a.html`, reason: ROBOTS_REASON, notFetched: true }]);
    expect(site.hits.get('/private/a.html')).toBeUndefined();
    expect(await screen(at('/guide.html'), run)).toEqual(at('/guide.html'));
  });

  it('skips what is left once the time budget is spent', async () => {
    const { run, outcomes } = newRun({ timeBudgetMs: 0 });
    while (!run.outOfTime()) await new Promise((r) => setImmediate(r));
    expect(await screen(at('/guide.html'), run)).toBeUndefined();
    expect(outcomes[0]).toMatchObject({ kind: 'skipped', reason: TIME_LIMIT_REASON, notFetched: true });
  });
});

describe('fetchPage', () => {
  it('brings the body, fails an HTTP error with its status, and reuses a stored copy the server calls current', async () => {
    const { run, outcomes } = newRun({
      prior: (url) =>
        url.endsWith('/same.html') ? { etag: '"v1"', links: [], title: 'Same', contentHash: pageHash('same text') } : undefined,
    });
    const page = await fetchPage(at('/guide.html'), run);
    expect(page?.fetched?.body).toContain('The gateway reads its settings');
    expect(page?.fetched?.etag).toBe('"v1"');
    expect(await fetchPage(at('/gone.html'), run)).toBeUndefined();
    expect(await fetchPage(at('/same.html'), run)).toBeUndefined();
    expect(outcomes).toEqual([
      { kind: 'failed', url: `${site.origin}/gone.html`, reason: 'HTTP 404', errorKind: 'http_status' },
      { kind: 'unchanged', url: `${site.origin}/same.html`, depth: 1, title: 'Same', contentHash: pageHash('same text') },
    ]);
  });
});

describe('arrive', () => {
  it('skips a page redirected off the site, and reads the format from the content type', async () => {
    const { run, outcomes } = newRun();
    const off = { ...at('/out'), fetched: response('https://elsewhere.example/', 'x') };
    expect(await arrive(off, run)).toBeUndefined();
    expect(outcomes).toEqual([{ kind: 'skipped', url: `${site.origin}/out`, reason: 'Redirected off-site to https://elsewhere.example/' }]);
    const text = await arrive(
      { ...at('/notes.txt'), fetched: response(`${site.origin}/notes.txt`, 'x', 'text/plain; charset=utf-8') },
      run,
    );
    expect(text).toMatchObject({ pageUrl: `${site.origin}/notes.txt`, format: 'text' });
    const pdf = await arrive({ ...at('/a.pdf'), fetched: response(`${site.origin}/a.pdf`, '', 'application/pdf') }, run);
    expect(pdf?.format).toBe('pdf');
  });

  it('lets a start page redirected to another host move the crawl there', async () => {
    const { run } = newRun();
    const moved = await arrive({ ...at('/', 0), fetched: response('https://www.example.org/', 'x') }, run);
    expect(moved?.pageUrl).toBe('https://www.example.org/');
    expect(run.frontier.inAnyScope('https://www.example.org/guide.html')).toBe(true);
  });
});

describe('language', () => {
  it('skips a page in another language than the start page and gives its page of the budget back', async () => {
    const { run, outcomes } = newRun();
    run.frontier.admit(`${site.origin}/`, 0);
    run.frontier.admit(`${site.origin}/fr.html`, 1);
    const read = (path: string, depth: number, lang: string) => {
      const url = `${site.origin}${path}`;
      return language({ url, depth, pageUrl: url, format: 'html', fetched: response(url, html('T', prose, lang)) }, run);
    };
    expect(await read('/', 0, 'en')).toMatchObject({ lang: { declared: 'en' } });
    expect(await read('/fr.html', 1, 'fr')).toBeUndefined();
    expect(outcomes[0]).toMatchObject({ kind: 'skipped', reason: expect.stringContaining('declares "fr"') });
    expect(run.frontier.admitted).toBe(1);
  });
});

describe('extractPage', () => {
  it('reads an HTML page into content and links, and plain text as it is', async () => {
    const { run } = newRun();
    const url = `${site.origin}/`;
    const page = await extractPage(
      { ...at('/'), pageUrl: url, format: 'html', fetched: response(url, html('Home', `${prose}<a href="/guide.html">Guide</a>`)) },
      run,
    );
    expect(page?.extracted?.title).toBe('Home');
    expect(page?.extracted?.markdown).toContain('reloads them when the file changes');
    expect(page?.extracted?.links).toContain(`${site.origin}/guide.html`);
    const text = await extractPage(
      { ...at('/n.txt'), pageUrl: url, format: 'text', fetched: response(url, 'Plain notes.', 'text/plain') },
      run,
    );
    expect(text?.extracted?.markdown).toBe('Plain notes.');
  });
});

describe('followLinks', () => {
  it('queues in-scope page links one level deeper, and none from the last level', async () => {
    const { run } = newRun({ maxDepth: 2 });
    const links = [`${site.origin}/a.html`, 'https://elsewhere.example/b.html', `${site.origin}/file.zip`];
    const page = followLinks({ ...at('/', 1), extracted: extracted({ links }) }, run);
    expect(page.links).toEqual([`${site.origin}/a.html`]);
    expect(run.frontier.queue).toEqual([{ url: `${site.origin}/a.html`, depth: 2 }]);
    followLinks({ ...at('/a.html', 2), extracted: extracted({ links: [`${site.origin}/c.html`] }) }, run);
    expect(run.frontier.queue).toHaveLength(1);
  });
});

describe('keepPage', () => {
  const read = (over: Partial<ExtractedPage>, path = '/guide.html'): PageOutcome => ({
    ...at(path),
    pageUrl: `${site.origin}${path}`,
    format: 'html',
    extracted: extracted(over),
  });

  it('skips a noindex page, an empty page and one the owner’s patterns leave out; keeps the cleaned text otherwise', async () => {
    const { run, outcomes } = newRun({ keep: (url) => !url.includes('/blog/') });
    expect(await keepPage(read({ noindex: true }), run)).toBeUndefined();
    expect(await keepPage(read({ markdown: '  ' }), run)).toBeUndefined();
    expect(await keepPage(read({}, '/blog/post.html'), run)).toBeUndefined();
    expect(outcomes.map((o) => (o.kind === 'skipped' ? o.reason : o.kind))).toEqual([
      'The page asks not to be indexed (noindex)',
      'No text content',
      PATTERN_SKIP_REASON,
    ]);
    expect((await keepPage(read({ markdown: ' Kept\u0000 text ' }), run))?.text).toBe('Kept text');
  });

  it('lists the page instead when the crawl only collects URLs', async () => {
    const { run, outcomes } = newRun({ discoveryOnly: true });
    expect(await keepPage(read({}), run)).toBeUndefined();
    expect(outcomes).toEqual([{ kind: 'listed', url: `${site.origin}/guide.html`, depth: 1 }]);
  });
});

describe('placePage', () => {
  it('stores a page under its URL with its title, and skips a second page with the same text as a duplicate', async () => {
    const { run, outcomes } = newRun();
    const placed = (path: string): PageOutcome => ({
      ...at(path),
      pageUrl: `${site.origin}${path}`,
      format: 'html',
      fetched: response(`${site.origin}${path}`, ''),
      extracted: extracted({}),
      links: [],
      text: 'The gateway reads its settings from a file.',
    });
    await placePage(placed('/guide.html'), run);
    await placePage(placed('/guide-copy.html'), run);
    expect(outcomes[0]).toMatchObject({
      kind: 'page',
      url: `${site.origin}/guide.html`,
      title: 'Guide',
      markdown: 'The gateway reads its settings from a file.',
    });
    expect(outcomes[1]).toEqual({
      kind: 'skipped',
      url: `${site.origin}/guide-copy.html`,
      reason: `Duplicate of ${site.origin}/guide.html`,
    });
  });
});
