import { cleanText } from '../../text/validText.js';
import type { CrawlRun } from '../crawlRun.js';
import { stageField, type PageOutcome } from '../pageOutcome.js';
import { PATTERN_SKIP_REASON } from '../urlPatterns.js';

/** A client-rendered app sends an empty shell: say so, or the owner sees "no text" on a page full of it. */
export const SCRIPT_BUILT_REASON =
  'No text content in the HTML the server sends: this page builds its text with JavaScript in the browser, which the crawler does not run';

/**
 * keep: whether the page's content is stored. URL collection lists it instead; the owner's
 * patterns, a noindex and an empty page skip it (its links were followed all the same).
 */
export function keepPage(page: PageOutcome, run: CrawlRun): Promise<PageOutcome | void> | PageOutcome | void {
  const { url, depth } = page;
  const { opts } = run;
  const pageUrl = stageField(page.pageUrl, 'pageUrl');
  const extracted = stageField(page.extracted, 'extracted');
  if (opts.discoveryOnly) return run.report({ kind: 'listed', url: pageUrl, depth });
  if (opts.keep && !opts.keep(url) && !opts.keep(pageUrl)) return run.report({ kind: 'skipped', url, reason: PATTERN_SKIP_REASON });
  if (extracted.noindex) return run.report({ kind: 'skipped', url, reason: 'The page asks not to be indexed (noindex)' });
  // A stray NUL byte would fail the whole batch write (PostgreSQL text cannot hold it).
  const text = cleanText(extracted.markdown).trim();
  if (text.length === 0) return run.report({ kind: 'skipped', url, reason: emptyReason(page) });
  return { ...page, text };
}

function emptyReason(page: PageOutcome): string {
  if (page.format === 'pdf') return 'No text content (a PDF of scanned images has none)';
  return page.extracted?.scriptBuilt ? SCRIPT_BUILT_REASON : 'No text content';
}
