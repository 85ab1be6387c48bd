import { setMaxListeners } from 'node:events';
import { cleanText } from '../text/validText.js';
import { CanonicalLedger } from './canonical.js';
import type { ExtractedPage } from './extract.js';
import { extractText } from './extract.js';
import { ExtractTimeoutError, ExtractUnavailableError, type Extractor } from './extractor.js';
import { CrawlFrontier, type FrontierItem } from './crawlFrontier.js';
import { FetchError, isFetchError } from './fetchErrors.js';
import { PagePlacement, type Candidate } from './pagePlacement.js';
import { madeByThisFormat, pageHash } from './pageHash.js';
import { readPageLanguage } from './languageScope.js';
import { isPdf, PDF_TYPE } from './pdf.js';
import { PAGE_TYPES, type SafeFetcher } from './safeFetch.js';
import { collectSitemapUrls } from './sitemap.js';
import { untilAborted } from './untilAborted.js';
import { PATTERN_SKIP_REASON } from './urlPatterns.js';
import { acceptableCanonical, looksLikePage, normalizeUrl } from './urls.js';

/**
 * Breadth-first crawl of one site: robots.txt and sitemaps first, then pages level by level up to
 * maxDepth, at most maxPages URLs, politely (per-host concurrency and Crawl-delay), within a total
 * time budget. Every URL the crawl admits ends in exactly one outcome: a page, a failure, a skip,
 * or (discovery mode, last level) a listing. The consumer awaits each outcome, so a slow indexer
 * slows the crawl instead of piling pages up in memory.
 */
import type { CrawlHooks, CrawlOptions, CrawlSummary } from './crawlTypes.js';
export type { CrawlHooks, CrawlOptions, CrawlOutcome, CrawlSummary, PriorPage } from './crawlTypes.js';

/** What a crawl fetches: pages, and PDFs (read as bytes, their text extracted page by page). */
const CRAWL_TYPES = [...PAGE_TYPES, PDF_TYPE];
const BINARY_TYPES = [PDF_TYPE];

export const TIME_LIMIT_REASON = 'Not fetched: the crawl time limit was reached';
const ROBOTS_REASON = 'Blocked by robots.txt';
/** A client-rendered app sends an empty shell: say so, or the owner sees "no text" on a page full of it. */
export const SCRIPT_BUILT_REASON =
  'No text content in the HTML the server sends: this page builds its text with JavaScript in the browser, which the crawler does not run';
/** Node timers overflow (and fire at once) past 2^31 - 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export async function crawlSite(fetcher: SafeFetcher, extractor: Extractor, opts: CrawlOptions, hooks: CrawlHooks): Promise<CrawlSummary> {
  // One signal ends every wait of the crawl: robots, sitemaps, page fetches, Crawl-delay, extraction.
  const timeUp = AbortSignal.timeout(Math.min(Math.max(0, opts.timeBudgetMs), MAX_TIMER_MS));
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeUp]) : timeUp;
  // Every runner waits on this one signal (its host's gate, its fetch, its extraction): many
  // listeners by design, each removed when its wait ends. Node warns of a leak past 10.
  const slots = Math.max(1, opts.concurrency) + 1;
  setMaxListeners(4 * slots + 4, signal);
  const starts = opts.startUrls.map((u) => normalizeUrl(u)).filter((u): u is string => u !== undefined);
  // Routes validate URLs; a stored one that no longer passes still gets an outcome, not a crash.
  for (const raw of opts.startUrls) {
    if (normalizeUrl(raw) === undefined)
      await hooks.onOutcome({ kind: 'failed', url: raw, reason: 'Invalid URL', errorKind: 'invalid_url' });
  }
  if (starts.length === 0) return { admitted: 0, remembered: 0 };
  const ledger = new CanonicalLedger();
  const frontier = new CrawlFrontier(fetcher, opts, hooks, ledger, signal, starts[0]!);
  const placement = new PagePlacement(frontier, ledger, opts, hooks);
  const { seen, queue } = frontier;
  const { inAnyScope } = frontier;
  const robotsFor = (url: string) => frontier.robotsFor(url);
  const admit = (url: string, depth: number) => frontier.admit(url, depth);
  let stoppedBy: CrawlSummary['stoppedBy'];

  const outOfTime = () => timeUp.aborted && !opts.signal?.aborted;
  const stopped = () => {
    if (opts.signal?.aborted) stoppedBy = 'aborted';
    else if (timeUp.aborted) stoppedBy ??= 'time';
    return stoppedBy !== undefined;
  };

  for (const url of starts) admit(url, 0);

  if (opts.followLinks && opts.useSitemaps !== false && starts[0] && opts.maxDepth > 0) {
    const rules = await robotsFor(starts[0]);
    const roots = rules.sitemaps.length > 0 ? rules.sitemaps : [new URL('/sitemap.xml', starts[0]).href];
    const found = await collectSitemapUrls(
      fetcher,
      roots,
      { maxFiles: 20, maxUrls: opts.maxPages * 2, maxBytes: 10 * 1024 * 1024 },
      inAnyScope,
      signal,
    ).catch(() => []);
    for (const raw of found) {
      const url = normalizeUrl(raw);
      if (url && inAnyScope(url) && looksLikePage(url)) admit(url, 1);
    }
  }

  const timeSkip = (url: string) => hooks.onOutcome({ kind: 'skipped', url, reason: TIME_LIMIT_REASON, notFetched: true });
  const robotsSkip = (url: string) => hooks.onOutcome({ kind: 'skipped', url, reason: ROBOTS_REASON, notFetched: true });

  /** Fetch and read one admitted URL; every path ends in one outcome (or a placement that will). */
  async function process(item: FrontierItem): Promise<void> {
    const { url, depth } = item;
    if (item.blocked) return robotsSkip(url);
    // Links of the last level are listed unfetched; a start URL is always fetched (a redirect into
    // private space is refused then, not listed).
    if (opts.discoveryOnly && opts.followLinks && depth >= opts.maxDepth && depth > 0) {
      const refused = await frontier.addressRefusal(url);
      if (refused) return hooks.onOutcome({ kind: 'failed', url, reason: refused.message, errorKind: refused.kind });
      if ((await robotsFor(url)).isAllowed(url)) await hooks.onOutcome({ kind: 'listed', url, depth });
      else await robotsSkip(url);
      return;
    }
    if (!(await robotsFor(url)).isAllowed(url)) return robotsSkip(url);
    if (outOfTime()) return timeSkip(url);
    const gate = await frontier.gateFor(url);
    const prior = opts.prior?.(url);
    // Validators only where a 304 can be followed: the stored copy's links are known, and the copy
    // was made by this version of the writer and chunker (pageHash.ts); an older one is rebuilt.
    const reusable = prior?.links && madeByThisFormat(prior.contentHash) ? prior : undefined;
    const ifChanged = reusable ? { ifNoneMatch: reusable.etag ?? undefined, ifModifiedSince: reusable.lastModified ?? undefined } : {};
    let fetched;
    try {
      fetched = await gate.run(() => fetcher.fetch(url, { accept: CRAWL_TYPES, binary: BINARY_TYPES, signal, ...ifChanged }), signal);
    } catch (err) {
      // Cut short by the deadline (in flight or still waiting for its turn): not the site's fault.
      if (outOfTime()) return timeSkip(url);
      const e = isFetchError(err) ? err : new FetchError('network', String(err));
      if (e.kind === 'not_html') await hooks.onOutcome({ kind: 'skipped', url, reason: e.message });
      else await hooks.onOutcome({ kind: 'failed', url, reason: e.message, errorKind: e.kind });
      return;
    }
    if (fetched.status === 304 && reusable?.links) return placement.reuse(url, depth, reusable, reusable.links);
    const pageUrl = normalizeUrl(fetched.url) ?? url;
    if (pageUrl !== url) {
      // Redirected: the start page may move the whole crawl (http → https, bare → www).
      if (depth === 0 && opts.followLinks && !inAnyScope(pageUrl)) frontier.addScopeOf(pageUrl);
      if (!inAnyScope(pageUrl)) return hooks.onOutcome({ kind: 'skipped', url, reason: `Redirected off-site to ${pageUrl}` });
      if (seen.has(pageUrl) && depth > 0) return hooks.onOutcome({ kind: 'skipped', url, reason: `Duplicate of ${pageUrl}` });
      seen.add(pageUrl);
    }
    const isText = fetched.contentType.toLowerCase().startsWith('text/plain');
    const pdf = isPdf(fetched.contentType);
    // A PDF has no links to follow: URL collection lists it without reading it.
    if (pdf && opts.discoveryOnly) return hooks.onOutcome({ kind: 'listed', url: pageUrl, depth });
    // Another language than the start page's: not read, not listed, and its page of the budget given back.
    const lang = frontier.language && !pdf && !isText ? readPageLanguage(fetched.body, pageUrl, fetched.contentLanguage) : undefined;
    const otherLanguage = lang && frontier.language?.check(lang, depth === 0, pageUrl);
    if (otherLanguage) {
      frontier.release();
      return hooks.onOutcome({ kind: 'skipped', url, reason: otherLanguage });
    }
    let page: ExtractedPage;
    try {
      if (pdf) page = await untilAborted(extractor.extractPdf(fetched.bytes ?? new Uint8Array(), pageUrl, signal), signal);
      else
        page = isText
          ? extractText(fetched.body)
          : await untilAborted(extractor.extract(fetched.body, pageUrl, { linksOnly: opts.discoveryOnly }, signal), signal);
    } catch (err) {
      if (outOfTime()) return timeSkip(url);
      if (err instanceof ExtractTimeoutError || err instanceof ExtractUnavailableError)
        return hooks.onOutcome({ kind: 'failed', url, reason: err.message, errorKind: 'extract' });
      return hooks.onOutcome({
        kind: 'failed',
        url,
        reason: `Could not extract content: ${String((err as Error)?.message ?? err)}`,
        errorKind: 'extract',
      });
    }
    const links = page.links.filter(
      (link) => inAnyScope(link) && looksLikePage(link) && (!lang || frontier.language!.allowsLink(link, lang)),
    );
    if (opts.followLinks && depth < opts.maxDepth) for (const link of links) admit(link, depth + 1);
    if (opts.discoveryOnly) return hooks.onOutcome({ kind: 'listed', url: pageUrl, depth });
    if (opts.keep && !opts.keep(url) && !opts.keep(pageUrl)) return hooks.onOutcome({ kind: 'skipped', url, reason: PATTERN_SKIP_REASON });
    if (page.noindex) return hooks.onOutcome({ kind: 'skipped', url, reason: 'The page asks not to be indexed (noindex)' });
    // A stray NUL byte would fail the whole batch write (PostgreSQL text cannot hold it).
    const text = cleanText(page.markdown).trim();
    if (text.length === 0)
      return hooks.onOutcome({
        kind: 'skipped',
        url,
        reason: pdf ? 'No text content (a PDF of scanned images has none)' : page.scriptBuilt ? SCRIPT_BUILT_REASON : 'No text content',
      });
    // A canonical link counts only on the same scheme and host (Python's docs point at file://).
    const canonical = acceptableCanonical(page.canonical, pageUrl);
    const hash = pageHash(text);
    const candidate: Candidate = {
      url,
      pageUrl,
      depth,
      title: cleanText(page.title),
      text,
      hash,
      canonical: canonical && inAnyScope(canonical) ? canonical : undefined,
      anchors: page.anchors ?? [],
      outsideKeys: page.outsideKeys ?? [],
      etag: fetched.etag,
      lastModified: fetched.lastModified,
      links,
      pdfPages: page.pdfPages,
    };
    return placement.place(candidate, true);
  }

  // A fixed set of runners drains the queue; new links join the queue while it runs.
  const running = new Set<Promise<void>>();
  let onDeadline = () => {};
  const deadline = new Promise<void>((r) => (onDeadline = r));
  signal.addEventListener('abort', onDeadline, { once: true });
  while (!stopped()) {
    while (queue.length > 0 && running.size < slots && !stopped()) {
      const item = queue.shift()!;
      const p: Promise<void> = process(item)
        .catch(async (err) => {
          await hooks.onOutcome({ kind: 'failed', url: item.url, reason: String((err as Error)?.message ?? err), errorKind: 'network' });
        })
        .finally(() => {
          running.delete(p);
          ledger.settled(item.url);
        });
      running.add(p);
    }
    if (running.size === 0) break;
    await Promise.race([...running, deadline]);
  }
  await Promise.allSettled([...running]);
  if (stoppedBy === 'time') {
    for (const item of queue.splice(0)) {
      await timeSkip(item.url);
      ledger.settled(item.url);
    }
  }
  signal.removeEventListener('abort', onDeadline);
  ledger.releaseAll();
  await placement.settle();
  return { admitted: frontier.admitted, stoppedBy, remembered: seen.size };
}
