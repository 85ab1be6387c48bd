import type { CrawlRun } from '../crawlRun.js';
import type { PageOutcome } from '../pageOutcome.js';

/**
 * screen: what is decided before a request. A robots-blocked URL is skipped; in URL collection the
 * last level is listed unfetched (its address already checked: the owner indexes it next); past the
 * time budget nothing more is fetched. A start URL is always fetched (a redirect into private
 * space is refused then, not listed).
 */
export async function screen(page: PageOutcome, run: CrawlRun): Promise<PageOutcome | void> {
  const { url, depth } = page;
  const { opts, frontier } = run;
  if (page.blocked) return run.robotsSkip(url);
  if (opts.discoveryOnly && opts.followLinks && depth >= opts.maxDepth && depth > 0) {
    const refused = await frontier.addressRefusal(url);
    if (refused) return run.report({ kind: 'failed', url, reason: refused.message, errorKind: refused.kind });
    if ((await frontier.robotsFor(url)).isAllowed(url)) return run.report({ kind: 'listed', url, depth });
    return run.robotsSkip(url);
  }
  if (!(await frontier.robotsFor(url)).isAllowed(url)) return run.robotsSkip(url);
  if (run.outOfTime()) return run.timeSkip(url);
  return page;
}
