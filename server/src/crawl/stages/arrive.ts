import type { CrawlRun } from '../crawlRun.js';
import { stageField, type PageFormat, type PageOutcome } from '../pageOutcome.js';
import { isPdf } from '../pdf.js';
import { normalizeUrl } from '../urls.js';

/**
 * arrive: where the fetch ended and what it brought. A redirected start page may move the whole
 * crawl (http → https, bare → www); a redirect off the site, or onto a page already met, ends
 * here. A PDF has no links to follow: URL collection lists it without reading it.
 */
export function arrive(page: PageOutcome, run: CrawlRun): Promise<PageOutcome | void> | PageOutcome | void {
  const { url, depth } = page;
  const { opts, frontier } = run;
  const fetched = stageField(page.fetched, 'fetched');
  const pageUrl = normalizeUrl(fetched.url) ?? url;
  if (pageUrl !== url) {
    if (depth === 0 && opts.followLinks && !frontier.inAnyScope(pageUrl)) frontier.addScopeOf(pageUrl);
    if (!frontier.inAnyScope(pageUrl)) return run.report({ kind: 'skipped', url, reason: `Redirected off-site to ${pageUrl}` });
    if (frontier.seen.has(pageUrl) && depth > 0) return run.report({ kind: 'skipped', url, reason: `Duplicate of ${pageUrl}` });
    frontier.seen.add(pageUrl);
  }
  const format = formatOf(fetched.contentType);
  if (format === 'pdf' && opts.discoveryOnly) return run.report({ kind: 'listed', url: pageUrl, depth });
  return { ...page, pageUrl, format };
}

function formatOf(contentType: string): PageFormat {
  if (isPdf(contentType)) return 'pdf';
  return contentType.toLowerCase().startsWith('text/plain') ? 'text' : 'html';
}
