import { CrawlRun } from './crawlRun.js';
import { drainQueue } from './crawlRunners.js';
import type { CrawlHooks, CrawlOptions, CrawlSummary } from './crawlTypes.js';
import type { Extractor } from './extractor.js';
import type { SafeFetcher } from './safeFetch.js';
import { seedFrontier, validStarts } from './seedFrontier.js';

export type { CrawlHooks, CrawlOptions, CrawlOutcome, CrawlSummary, PriorPage } from './crawlTypes.js';
export { TIME_LIMIT_REASON } from './crawlRun.js';
export { SCRIPT_BUILT_REASON } from './stages/keepPage.js';

/**
 * Breadth-first crawl of one site: robots.txt and sitemaps first, then pages level by level up to
 * maxDepth, at most maxPages URLs, politely (per-host concurrency and Crawl-delay), within a total
 * time budget. Every URL the crawl admits ends in exactly one outcome: a page, a failure, a skip,
 * or (discovery mode, last level) a listing, handed to `hooks.onOutcome`. The consumer awaits each
 * outcome, so a slow indexer slows the crawl instead of piling pages up in memory.
 *
 * The way through: seedFrontier (start URLs, sitemaps) → drainQueue (crawlRunners.ts), which
 * passes each URL through the page stages (pageStages.ts) → run.finish (time-limit skips, pages
 * waiting on their canonical URL).
 */
export async function crawlSite(fetcher: SafeFetcher, extractor: Extractor, opts: CrawlOptions, hooks: CrawlHooks): Promise<CrawlSummary> {
  const starts = await validStarts(opts.startUrls, hooks);
  if (starts.length === 0) return { admitted: 0, remembered: 0 };
  const run = new CrawlRun(fetcher, extractor, opts, hooks, starts[0]!);
  await seedFrontier(run, starts);
  await drainQueue(run);
  return run.finish();
}
