import { createHash } from 'node:crypto';
import { cleanText } from '../text/validText.js';
import { CanonicalLedger } from './canonical.js';
import type { ExtractedPage, PageAnchor } from './extract.js';
import { extractText } from './extract.js';
import { ExtractTimeoutError, type Extractor } from './extractor.js';
import { FetchError, isFetchError } from './fetchErrors.js';
import { HostGate } from './hostGate.js';
import { loadRobots, type RobotsRules } from './robots.js';
import { isPdf, PDF_TYPE, type PdfPageText } from './pdf.js';
import { PAGE_TYPES, type SafeFetcher } from './safeFetch.js';
import { collectSitemapUrls } from './sitemap.js';
import { untilAborted } from './untilAborted.js';
import { PATTERN_SKIP_REASON } from './urlPatterns.js';
import { acceptableCanonical, inScope, looksLikePage, normalizeUrl, scopeOf, type CrawlScope } from './urls.js';

/**
 * Breadth-first crawl of one site: robots.txt and sitemaps first, then pages level by level up to
 * maxDepth, at most maxPages URLs, politely (per-host concurrency and Crawl-delay), within a total
 * time budget. Every URL the crawl admits ends in exactly one outcome: a page, a failure, a skip,
 * or (discovery mode, last level) a listing. The consumer awaits each outcome, so a slow indexer
 * slows the crawl instead of piling pages up in memory.
 */
import type { CrawlHooks, CrawlOptions, CrawlSummary, PriorPage } from './crawlTypes.js';
export type { CrawlHooks, CrawlOptions, CrawlOutcome, CrawlSummary, PriorPage } from './crawlTypes.js';

interface Item {
  url: string;
  depth: number;
  /** Disallowed by an already-loaded robots.txt: recorded as skipped, not counted as a page. */
  blocked?: boolean;
}

/** A fetched page with content, before the canonical and duplicate checks decide where it goes. */
interface Candidate {
  url: string;
  pageUrl: string;
  depth: number;
  title: string;
  text: string;
  hash: string;
  canonical?: string;
  anchors: PageAnchor[];
  outsideKeys: number[];
  etag?: string;
  lastModified?: string;
  links: string[];
  pdfPages?: PdfPageText[];
}

/** What a crawl fetches: pages, and PDFs (read as bytes, their text extracted page by page). */
const CRAWL_TYPES = [...PAGE_TYPES, PDF_TYPE];
const BINARY_TYPES = [PDF_TYPE];

export const TIME_LIMIT_REASON = 'Not fetched: the crawl time limit was reached';
const ROBOTS_REASON = 'Blocked by robots.txt';
/** Robots-blocked links reported (and remembered) at most; beyond it they are dropped unrecorded, still never fetched. */
const MAX_BLOCKED_REPORTED = 1000;
/** Links kept per page for a later 304 (an index page may link to thousands). */
const MAX_STORED_LINKS = 5000;
/** Node timers overflow (and fire at once) past 2^31 - 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export async function crawlSite(fetcher: SafeFetcher, extractor: Extractor, opts: CrawlOptions, hooks: CrawlHooks): Promise<CrawlSummary> {
  // One signal ends every wait of the crawl: robots, sitemaps, page fetches, Crawl-delay, extraction.
  const timeUp = AbortSignal.timeout(Math.min(Math.max(0, opts.timeBudgetMs), MAX_TIMER_MS));
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeUp]) : timeUp;
  const starts = opts.startUrls.map((u) => normalizeUrl(u)).filter((u): u is string => u !== undefined);
  // Routes validate URLs; a stored one that no longer passes still gets an outcome, not a crash.
  for (const raw of opts.startUrls) {
    if (normalizeUrl(raw) === undefined)
      await hooks.onOutcome({ kind: 'failed', url: raw, reason: 'Invalid URL', errorKind: 'invalid_url' });
  }
  if (starts.length === 0) return { admitted: 0, remembered: 0 };
  const scopes: CrawlScope[] = opts.followLinks ? [scopeOf(starts[0]!, opts.underStartPath)] : [];
  const seen = new Set<string>();
  const hashes = new Map<string, string>();
  const ledger = new CanonicalLedger();
  const queue: Item[] = [];
  const robots = new Map<string, Promise<RobotsRules>>();
  const loadedRobots = new Map<string, RobotsRules>();
  const blockedCap = Math.min(opts.maxPages, MAX_BLOCKED_REPORTED);
  let blocked = 0;
  const gates = new Map<string, HostGate>();
  let admitted = 0;
  let stoppedBy: CrawlSummary['stoppedBy'];

  const outOfTime = () => timeUp.aborted && !opts.signal?.aborted;
  const stopped = () => {
    if (opts.signal?.aborted) stoppedBy = 'aborted';
    else if (timeUp.aborted) stoppedBy ??= 'time';
    return stoppedBy !== undefined;
  };
  const inAnyScope = (url: string) => !opts.followLinks || scopes.some((s) => inScope(url, s));
  const robotsBlocked = (url: string) => loadedRobots.get(new URL(url).origin)?.isAllowed(url) === false;
  const robotsFor = (url: string) => {
    const origin = new URL(url).origin;
    let r = robots.get(origin);
    if (!r) {
      r = loadRobots(fetcher, origin, opts.userAgent, signal);
      void r.then((rules) => loadedRobots.set(origin, rules));
      robots.set(origin, r);
    }
    return r;
  };
  const gateFor = async (url: string) => {
    const host = new URL(url).host;
    let g = gates.get(host);
    if (!g) {
      const delay = (await robotsFor(url)).crawlDelaySeconds;
      g = gates.get(host) ?? new HostGate(delay > 0 ? 1 : opts.concurrency, delay * 1000);
      gates.set(host, g);
    }
    return g;
  };

  const admit = (url: string, depth: number): boolean => {
    if (seen.has(url) || (depth > 0 && opts.keep?.(url) === false)) return false;
    if (robotsBlocked(url)) {
      // Never fetched and not counted towards max_pages; only the first few are reported (and
      // remembered, so each is reported once): a site can link to millions of blocked URLs.
      if (blocked < blockedCap) {
        blocked++;
        seen.add(url);
        hooks.onAdmitted?.(url, depth);
        queue.push({ url, depth, blocked: true });
      }
      return false;
    }
    if (admitted >= opts.maxPages) return false;
    seen.add(url);
    admitted++;
    ledger.admitted(url);
    hooks.onAdmitted?.(url, depth);
    queue.push({ url, depth });
    return true;
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

  // Listed URLs are not fetched now, but the owner indexes them next: the address policy applies
  // already. One check per host (a listing is mostly one site).
  const addressChecks = new Map<string, Promise<FetchError | undefined>>();
  const addressRefusal = (url: string) => {
    const host = new URL(url).host;
    let check = addressChecks.get(host);
    if (!check) {
      check = fetcher.checkAddress(url).then(
        () => undefined,
        (err: unknown) => (isFetchError(err) ? err : new FetchError('network', String(err))),
      );
      addressChecks.set(host, check);
    }
    return check;
  };

  const timeSkip = (url: string) => hooks.onOutcome({ kind: 'skipped', url, reason: TIME_LIMIT_REASON, notFetched: true });
  const robotsSkip = (url: string) => hooks.onOutcome({ kind: 'skipped', url, reason: ROBOTS_REASON, notFetched: true });
  const deferred = new Set<Promise<void>>();
  let deferredFailure: unknown;

  async function process(item: Item): Promise<void> {
    const { url, depth } = item;
    if (item.blocked) return robotsSkip(url);
    if (opts.discoveryOnly && opts.followLinks && depth >= opts.maxDepth) {
      const refused = await addressRefusal(url);
      if (refused) return hooks.onOutcome({ kind: 'failed', url, reason: refused.message, errorKind: refused.kind });
      if ((await robotsFor(url)).isAllowed(url)) await hooks.onOutcome({ kind: 'listed', url, depth });
      else await robotsSkip(url);
      return;
    }
    if (!(await robotsFor(url)).isAllowed(url)) return robotsSkip(url);
    if (outOfTime()) return timeSkip(url);
    const gate = await gateFor(url);
    const prior = opts.prior?.(url);
    // Validators only where a 304 can be followed: the stored copy's links are known.
    const ifChanged = prior?.links ? { ifNoneMatch: prior.etag ?? undefined, ifModifiedSince: prior.lastModified ?? undefined } : {};
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
    if (fetched.status === 304 && prior?.links) return reuse(url, depth, prior, prior.links);
    const pageUrl = normalizeUrl(fetched.url) ?? url;
    if (pageUrl !== url) {
      // Redirected: the start page may move the whole crawl (http → https, bare → www).
      if (depth === 0 && opts.followLinks && !inAnyScope(pageUrl)) scopes.push(scopeOf(pageUrl, opts.underStartPath));
      if (!inAnyScope(pageUrl)) return hooks.onOutcome({ kind: 'skipped', url, reason: `Redirected off-site to ${pageUrl}` });
      if (seen.has(pageUrl) && depth > 0) return hooks.onOutcome({ kind: 'skipped', url, reason: `Duplicate of ${pageUrl}` });
      seen.add(pageUrl);
    }
    const isText = fetched.contentType.toLowerCase().startsWith('text/plain');
    const pdf = isPdf(fetched.contentType);
    // A PDF has no links to follow: URL collection lists it without reading it.
    if (pdf && opts.discoveryOnly) return hooks.onOutcome({ kind: 'listed', url: pageUrl, depth });
    let page: ExtractedPage;
    try {
      if (pdf) page = await untilAborted(extractor.extractPdf(fetched.bytes ?? new Uint8Array(), pageUrl, signal), signal);
      else
        page = isText
          ? extractText(fetched.body)
          : await untilAborted(extractor.extract(fetched.body, pageUrl, { linksOnly: opts.discoveryOnly }, signal), signal);
    } catch (err) {
      if (outOfTime()) return timeSkip(url);
      if (err instanceof ExtractTimeoutError) return hooks.onOutcome({ kind: 'failed', url, reason: err.message, errorKind: 'extract' });
      return hooks.onOutcome({
        kind: 'failed',
        url,
        reason: `Could not extract content: ${String((err as Error)?.message ?? err)}`,
        errorKind: 'extract',
      });
    }
    const links = page.links.filter((link) => inAnyScope(link) && looksLikePage(link));
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
        reason: pdf ? 'No text content (a PDF of scanned images has none)' : 'No text content',
      });
    // A canonical link counts only on the same scheme and host (Python's docs point at file://).
    const canonical = acceptableCanonical(page.canonical, pageUrl);
    const hash = createHash('sha256').update(text).digest('hex');
    const candidate = {
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
    return place(candidate, true);
  }

  /** A 304: the stored copy is current, and its stored links are followed as if it had been read. */
  async function reuse(url: string, depth: number, prior: PriorPage, links: string[]): Promise<void> {
    if (opts.followLinks && depth < opts.maxDepth)
      for (const link of links) if (inAnyScope(link) && looksLikePage(link)) admit(link, depth + 1);
    if (opts.keep && !opts.keep(url)) return hooks.onOutcome({ kind: 'skipped', url, reason: PATTERN_SKIP_REASON });
    const twin = hashes.get(prior.contentHash) ?? (ledger.has(url) ? url : undefined);
    if (twin) return hooks.onOutcome({ kind: 'skipped', url, reason: `Duplicate of ${twin}` });
    hashes.set(prior.contentHash, url);
    ledger.store(url, prior.contentHash);
    await hooks.onOutcome({ kind: 'unchanged', url, depth, title: prior.title, contentHash: prior.contentHash });
  }

  /** Where a page's content goes: under its own URL, its canonical URL, or nowhere (duplicate). */
  async function place(c: Candidate, mayWait: boolean): Promise<void> {
    const claimable = (u: string) => !seen.has(u) && !robotsBlocked(u);
    const decision = ledger.decide(c.pageUrl, c.canonical, c.hash, claimable, mayWait);
    if (decision.kind === 'wait') {
      // A failing consumer fails the crawl, as it does for pages placed at once (rethrown at the end).
      const later: Promise<void> = decision.until
        .then(() => place(c, false))
        .catch((err: unknown) => void (deferredFailure ??= err))
        .finally(() => deferred.delete(later));
      deferred.add(later);
      return;
    }
    if (decision.kind === 'duplicate') return hooks.onOutcome({ kind: 'skipped', url: c.url, reason: `Duplicate of ${decision.of}` });
    let url = c.pageUrl;
    if (decision.kind === 'adopt') {
      seen.add(decision.url);
      url = decision.url;
    }
    const twin = hashes.get(c.hash);
    if (twin) return hooks.onOutcome({ kind: 'skipped', url: c.url, reason: `Duplicate of ${twin}` });
    if (ledger.has(url)) return hooks.onOutcome({ kind: 'skipped', url: c.url, reason: `Duplicate of ${url}` });
    hashes.set(c.hash, url);
    ledger.store(url, c.hash);
    const aliases = [...new Set([c.url, c.pageUrl])].filter((u) => u !== url);
    await hooks.onOutcome({
      kind: 'page',
      url,
      depth: c.depth,
      title: c.title || url,
      markdown: c.text,
      contentHash: c.hash,
      aliases,
      anchors: c.anchors,
      outsideKeys: c.outsideKeys,
      etag: c.etag,
      lastModified: c.lastModified,
      links: c.links.slice(0, MAX_STORED_LINKS),
      pdfPages: c.pdfPages,
    });
  }

  // A fixed set of runners drains the queue; new links join the queue while it runs.
  const running = new Set<Promise<void>>();
  const slots = Math.max(1, opts.concurrency) + 1;
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
  while (deferred.size > 0) await Promise.allSettled([...deferred]);
  if (deferredFailure) throw deferredFailure;
  return { admitted, stoppedBy, remembered: seen.size };
}
