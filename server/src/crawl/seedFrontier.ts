import type { CrawlRun } from './crawlRun.js';
import type { CrawlHooks } from './crawlTypes.js';
import { collectSitemapUrls } from './sitemap.js';
import { looksLikePage, normalizeUrl } from './urls.js';

/**
 * The start URLs that can be crawled. Routes validate URLs; a stored one that no longer passes
 * still gets an outcome ('Invalid URL'), not a crash.
 */
export async function validStarts(startUrls: string[], hooks: CrawlHooks): Promise<string[]> {
  const starts: string[] = [];
  for (const raw of startUrls) {
    const url = normalizeUrl(raw);
    if (url !== undefined) starts.push(url);
  }
  for (const raw of startUrls) {
    if (normalizeUrl(raw) === undefined)
      await hooks.onOutcome({ kind: 'failed', url: raw, reason: 'Invalid URL', errorKind: 'invalid_url' });
  }
  return starts;
}

/**
 * The frontier's first level: the start URLs at depth 0, then (a crawl that follows links) the
 * site's sitemaps, as robots.txt names them or at /sitemap.xml, at depth 1.
 */
export async function seedFrontier(run: CrawlRun, starts: string[]): Promise<void> {
  const { opts, frontier, fetcher, signal } = run;
  for (const url of starts) frontier.admit(url, 0);
  const first = starts[0];
  if (!opts.followLinks || opts.useSitemaps === false || !first || opts.maxDepth <= 0) return;
  const rules = await frontier.robotsFor(first);
  const roots = rules.sitemaps.length > 0 ? rules.sitemaps : [new URL('/sitemap.xml', first).href];
  const limits = { maxFiles: 20, maxUrls: opts.maxPages * 2, maxBytes: 10 * 1024 * 1024 };
  const found = await collectSitemapUrls(fetcher, roots, limits, frontier.inAnyScope, signal).catch(() => []);
  for (const raw of found) {
    const url = normalizeUrl(raw);
    if (url && frontier.inAnyScope(url) && looksLikePage(url)) frontier.admit(url, 1);
  }
}
