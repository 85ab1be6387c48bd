import type { CrawlRun } from '../crawlRun.js';
import { FetchError, isFetchError } from '../fetchErrors.js';
import { madeByThisFormat } from '../pageHash.js';
import type { PageOutcome } from '../pageOutcome.js';
import { PDF_TYPE } from '../pdf.js';
import { PAGE_TYPES } from '../safeFetch.js';

/** What a crawl fetches: pages, and PDFs (read as bytes, their text extracted page by page). */
const CRAWL_TYPES = [...PAGE_TYPES, PDF_TYPE];
const BINARY_TYPES = [PDF_TYPE];

/**
 * fetch: one request through the host's gate (concurrency, Crawl-delay). A re-crawl sends the
 * stored copy's validators where a 304 can be followed (its links are known, and it was made by
 * this version of the writer and chunker, pageHash.ts); a 304 reuses the stored copy and ends here.
 */
export async function fetchPage(page: PageOutcome, run: CrawlRun): Promise<PageOutcome | void> {
  const { url, depth } = page;
  const { fetcher, frontier, signal } = run;
  const gate = await frontier.gateFor(url);
  const prior = run.opts.prior?.(url);
  const reusable = prior?.links && madeByThisFormat(prior.contentHash) ? prior : undefined;
  const ifChanged = reusable ? { ifNoneMatch: reusable.etag ?? undefined, ifModifiedSince: reusable.lastModified ?? undefined } : {};
  let fetched;
  try {
    fetched = await gate.run(() => fetcher.fetch(url, { accept: CRAWL_TYPES, binary: BINARY_TYPES, signal, ...ifChanged }), signal);
  } catch (err) {
    // Cut short by the deadline (in flight or still waiting for its turn): not the site's fault.
    if (run.outOfTime()) return run.timeSkip(url);
    const e = isFetchError(err) ? err : new FetchError('network', String(err));
    if (e.kind === 'not_html') return run.report({ kind: 'skipped', url, reason: e.message });
    return run.report({ kind: 'failed', url, reason: e.message, errorKind: e.kind });
  }
  if (fetched.status === 304 && reusable?.links) return run.placement.reuse(url, depth, reusable, reusable.links);
  return { ...page, fetched };
}
