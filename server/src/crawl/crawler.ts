import { createHash } from 'node:crypto';
import type { ExtractedPage } from './extract.js';
import { extractText } from './extract.js';
import type { Extractor } from './extractor.js';
import { FetchError, isFetchError, type FetchErrorKind } from './fetchErrors.js';
import { HostGate } from './hostGate.js';
import { loadRobots, type RobotsRules } from './robots.js';
import { PAGE_TYPES, type SafeFetcher } from './safeFetch.js';
import { collectSitemapUrls } from './sitemap.js';
import { acceptableCanonical, inScope, looksLikePage, normalizeUrl, scopeOf, type CrawlScope } from './urls.js';

/**
 * Breadth-first crawl of one site: robots.txt and sitemaps first, then pages level by level up to
 * maxDepth, at most maxPages URLs, politely (per-host concurrency and Crawl-delay), within a total
 * time budget. Every URL the crawl admits ends in exactly one outcome: a page, a failure, a skip,
 * or (discovery mode, last level) a listing. The consumer awaits each outcome, so a slow indexer
 * slows the crawl instead of piling pages up in memory.
 */
export interface CrawlOptions {
  startUrls: string[];
  /** Follow links (crawl) or fetch exactly the given URLs (index chosen URLs). */
  followLinks: boolean;
  maxDepth: number;
  maxPages: number;
  underStartPath?: boolean;
  /** Concurrent requests per host. */
  concurrency: number;
  /** Total time budget in ms; when spent, the crawl stops admitting and fetching. */
  timeBudgetMs: number;
  userAgent: string;
  useSitemaps?: boolean;
  /** Discovery only: pages on the last level are listed, not fetched, and no content is extracted. */
  discoveryOnly?: boolean;
  signal?: AbortSignal;
}

export type CrawlOutcome =
  | { kind: 'page'; url: string; depth: number; title: string; markdown: string; contentHash: string }
  | { kind: 'failed'; url: string; reason: string; errorKind: FetchErrorKind | 'extract' }
  | { kind: 'skipped'; url: string; reason: string }
  | { kind: 'listed'; url: string; depth: number };

export interface CrawlHooks {
  /** A URL entered the crawl (counts towards maxPages). */
  onAdmitted?(url: string, depth: number): void;
  onOutcome(outcome: CrawlOutcome): Promise<void> | void;
}

export interface CrawlSummary {
  admitted: number;
  /** Why the crawl stopped early, if it did. */
  stoppedBy?: 'time' | 'aborted';
}

interface Item {
  url: string;
  depth: number;
  /** Disallowed by an already-loaded robots.txt: recorded as skipped, not counted as a page. */
  blocked?: boolean;
}

export async function crawlSite(fetcher: SafeFetcher, extractor: Extractor, opts: CrawlOptions, hooks: CrawlHooks): Promise<CrawlSummary> {
  const deadline = Date.now() + opts.timeBudgetMs;
  const starts = opts.startUrls.map((u) => normalizeUrl(u)).filter((u): u is string => u !== undefined);
  const scopes: CrawlScope[] = opts.followLinks ? [scopeOf(starts[0]!, opts.underStartPath)] : [];
  const seen = new Set<string>();
  const hashes = new Map<string, string>();
  const emitted = new Set<string>();
  const queue: Item[] = [];
  const robots = new Map<string, Promise<RobotsRules>>();
  const loadedRobots = new Map<string, RobotsRules>();
  let blocked = 0;
  const gates = new Map<string, HostGate>();
  let admitted = 0;
  let stoppedBy: CrawlSummary['stoppedBy'];

  const timeLeft = () => deadline - Date.now();
  const stopped = () => {
    if (opts.signal?.aborted) stoppedBy = 'aborted';
    else if (timeLeft() <= 0) stoppedBy ??= 'time';
    return stoppedBy !== undefined;
  };
  const inAnyScope = (url: string) => !opts.followLinks || scopes.some((s) => inScope(url, s));
  const robotsFor = (url: string) => {
    const origin = new URL(url).origin;
    let r = robots.get(origin);
    if (!r) {
      r = loadRobots(fetcher, origin, opts.userAgent, opts.signal);
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
    if (seen.has(url)) return false;
    if (loadedRobots.get(new URL(url).origin)?.isAllowed(url) === false) {
      // Robots-blocked URLs do not use up max_pages; a bounded number is still reported.
      seen.add(url);
      if (blocked++ < opts.maxPages) {
        hooks.onAdmitted?.(url, depth);
        queue.push({ url, depth, blocked: true });
      }
      return false;
    }
    if (admitted >= opts.maxPages) return false;
    seen.add(url);
    admitted++;
    hooks.onAdmitted?.(url, depth);
    queue.push({ url, depth });
    return true;
  };

  for (const url of starts) admit(url, 0);

  if (opts.followLinks && opts.useSitemaps !== false && starts[0] && opts.maxDepth > 0) {
    const rules = await robotsFor(starts[0]);
    const roots = rules.sitemaps.length > 0 ? rules.sitemaps : [new URL('/sitemap.xml', starts[0]).href];
    const found = await collectSitemapUrls(fetcher, roots, { maxFiles: 20, maxUrls: opts.maxPages * 2, maxBytes: 10 * 1024 * 1024 }, inAnyScope, opts.signal).catch(() => []);
    for (const raw of found) {
      const url = normalizeUrl(raw);
      if (url && inAnyScope(url) && looksLikePage(url)) admit(url, 1);
    }
  }

  async function process(item: Item): Promise<void> {
    const { url, depth } = item;
    if (item.blocked) return hooks.onOutcome({ kind: 'skipped', url, reason: 'Blocked by robots.txt' });
    if (opts.discoveryOnly && opts.followLinks && depth >= opts.maxDepth) {
      if ((await robotsFor(url)).isAllowed(url)) await hooks.onOutcome({ kind: 'listed', url, depth });
      else await hooks.onOutcome({ kind: 'skipped', url, reason: 'Blocked by robots.txt' });
      return;
    }
    if (!(await robotsFor(url)).isAllowed(url)) {
      await hooks.onOutcome({ kind: 'skipped', url, reason: 'Blocked by robots.txt' });
      return;
    }
    const gate = await gateFor(url);
    let fetched;
    try {
      fetched = await gate.run(() => fetcher.fetch(url, { accept: PAGE_TYPES, signal: opts.signal }));
    } catch (err) {
      const e = isFetchError(err) ? err : new FetchError('network', String(err));
      if (e.kind === 'not_html') await hooks.onOutcome({ kind: 'skipped', url, reason: e.message });
      else await hooks.onOutcome({ kind: 'failed', url, reason: e.message, errorKind: e.kind });
      return;
    }
    let pageUrl = normalizeUrl(fetched.url) ?? url;
    if (pageUrl !== url) {
      // Redirected: the start page may move the whole crawl (http → https, bare → www).
      if (depth === 0 && opts.followLinks && !inAnyScope(pageUrl)) scopes.push(scopeOf(pageUrl, opts.underStartPath));
      if (!inAnyScope(pageUrl)) return hooks.onOutcome({ kind: 'skipped', url, reason: `Redirected off-site to ${pageUrl}` });
      if (seen.has(pageUrl) && depth > 0) return hooks.onOutcome({ kind: 'skipped', url, reason: `Duplicate of ${pageUrl}` });
      seen.add(pageUrl);
    }
    const isText = fetched.contentType.toLowerCase().startsWith('text/plain');
    let page: ExtractedPage;
    try {
      page = isText ? extractText(fetched.body) : await extractor.extract(fetched.body, pageUrl, { linksOnly: opts.discoveryOnly });
    } catch (err) {
      return hooks.onOutcome({ kind: 'failed', url, reason: `Could not extract content: ${String((err as Error)?.message ?? err)}`, errorKind: 'extract' });
    }
    if (opts.followLinks && depth < opts.maxDepth) {
      for (const link of page.links) {
        if (inAnyScope(link) && looksLikePage(link)) admit(link, depth + 1);
      }
    }
    if (opts.discoveryOnly) return hooks.onOutcome({ kind: 'listed', url: pageUrl, depth });
    // Honour a canonical link only on the same scheme and host (Python's docs point at file://).
    const canonical = acceptableCanonical(page.canonical, pageUrl);
    if (canonical && canonical !== pageUrl && inAnyScope(canonical)) {
      if (emitted.has(canonical)) return hooks.onOutcome({ kind: 'skipped', url, reason: `Duplicate of ${canonical}` });
      seen.add(canonical);
      pageUrl = canonical;
    }
    if (page.noindex) return hooks.onOutcome({ kind: 'skipped', url, reason: 'The page asks not to be indexed (noindex)' });
    const text = page.markdown.trim();
    if (text.length === 0) return hooks.onOutcome({ kind: 'skipped', url, reason: 'No text content' });
    const contentHash = createHash('sha256').update(text).digest('hex');
    const twin = hashes.get(contentHash);
    if (twin) return hooks.onOutcome({ kind: 'skipped', url, reason: `Duplicate of ${twin}` });
    hashes.set(contentHash, pageUrl);
    emitted.add(pageUrl);
    await hooks.onOutcome({ kind: 'page', url: pageUrl, depth, title: page.title || pageUrl, markdown: text, contentHash });
  }

  // A fixed set of runners drains the queue; new links join the queue while it runs.
  const running = new Set<Promise<void>>();
  const slots = Math.max(1, opts.concurrency) + 1;
  while (!stopped()) {
    while (queue.length > 0 && running.size < slots && !stopped()) {
      const item = queue.shift()!;
      const p: Promise<void> = process(item)
        .catch(async (err) => {
          await hooks.onOutcome({ kind: 'failed', url: item.url, reason: String((err as Error)?.message ?? err), errorKind: 'network' });
        })
        .finally(() => running.delete(p));
      running.add(p);
    }
    if (running.size === 0) break;
    await Promise.race([...running, sleep(Math.max(1, Math.min(1000, timeLeft())))]);
  }
  await Promise.allSettled([...running]);
  if (stoppedBy === 'time') {
    for (const item of queue.splice(0)) await hooks.onOutcome({ kind: 'skipped', url: item.url, reason: 'Not fetched: the crawl time limit was reached' });
  }
  return { admitted, stoppedBy };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref?.());
