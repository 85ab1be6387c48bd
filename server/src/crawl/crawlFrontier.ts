import type { CanonicalLedger } from './canonical.js';
import type { CrawlHooks, CrawlOptions, LimitReached } from './crawlTypes.js';
import { FetchError, isFetchError } from './fetchErrors.js';
import { HostGate } from './hostGate.js';
import { LanguageScope } from './languageScope.js';
import { loadRobots, type RobotsRules } from './robots.js';
import type { SafeFetcher } from './safeFetch.js';
import { inScope, scopeOf, type CrawlScope } from './urls.js';

/** A URL waiting for its turn. */
export interface FrontierItem {
  url: string;
  depth: number;
  /** Disallowed by an already-loaded robots.txt: recorded as skipped, not counted as a page. */
  blocked?: boolean;
}

/** Robots-blocked links reported (and remembered) at most; beyond it they are dropped unrecorded, still never fetched. */
const MAX_BLOCKED_REPORTED = 1000;
/** Links left uncrawled remembered at most per limit (a site can link to millions); a count at the cap means "at least". */
export const LINKS_LEFT_CAP = 10_000;

/**
 * What the crawl knows about URLs before it reads them: which it has seen, which wait their turn
 * (breadth-first), which are in scope, what each origin's robots.txt allows, and the per-host gate
 * (concurrency and Crawl-delay) every fetch passes. Admission is where max_pages is counted.
 */
export class CrawlFrontier {
  readonly seen = new Set<string>();
  readonly queue: FrontierItem[] = [];
  admitted = 0;
  private readonly scopes: CrawlScope[];
  private readonly robots = new Map<string, Promise<RobotsRules>>();
  private readonly loadedRobots = new Map<string, RobotsRules>();
  private readonly gates = new Map<string, HostGate>();
  private readonly addressChecks = new Map<string, Promise<FetchError | undefined>>();
  private readonly blockedCap: number;
  private blocked = 0;
  /** The start page's language, when the crawl stays in it (not for chosen URLs or an all-languages crawl). */
  readonly language: LanguageScope | undefined;
  /** Links turned away by max_pages, in order, for the slots a page in another language gives back. */
  private readonly waiting: FrontierItem[] = [];
  /** Admissible links not crawled because of max_pages, and because they were found on the last level (max_depth). */
  private readonly leftByPages = new Set<string>();
  private readonly leftByDepth = new Set<string>();

  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly opts: CrawlOptions,
    private readonly hooks: CrawlHooks,
    private readonly ledger: CanonicalLedger,
    private readonly signal: AbortSignal,
    firstStart: string,
  ) {
    this.scopes = opts.followLinks ? [scopeOf(firstStart, opts.underStartPath)] : [];
    this.blockedCap = Math.min(opts.maxPages, MAX_BLOCKED_REPORTED);
    this.language = opts.followLinks && !opts.allLanguages ? new LanguageScope(firstStart) : undefined;
  }

  inAnyScope = (url: string): boolean => !this.opts.followLinks || this.scopes.some((s) => inScope(url, s));

  /** The start page moved (http → https, bare → www): its new address is in scope too. */
  addScopeOf(url: string): void {
    this.scopes.push(scopeOf(url, this.opts.underStartPath));
  }

  robotsBlocked = (url: string): boolean => this.loadedRobots.get(new URL(url).origin)?.isAllowed(url) === false;

  robotsFor(url: string): Promise<RobotsRules> {
    const origin = new URL(url).origin;
    let r = this.robots.get(origin);
    if (!r) {
      r = loadRobots(this.fetcher, origin, this.opts.userAgent, this.signal);
      void r.then((rules) => this.loadedRobots.set(origin, rules));
      this.robots.set(origin, r);
    }
    return r;
  }

  async gateFor(url: string): Promise<HostGate> {
    const host = new URL(url).host;
    let g = this.gates.get(host);
    if (!g) {
      const delay = (await this.robotsFor(url)).crawlDelaySeconds;
      g = this.gates.get(host) ?? new HostGate(delay > 0 ? 1 : this.opts.concurrency, delay * 1000);
      this.gates.set(host, g);
    }
    return g;
  }

  /** Queue a URL unless seen, left out by the patterns, or past max_pages; true when it will be fetched. */
  admit(url: string, depth: number): boolean {
    if (this.seen.has(url) || (depth > 0 && this.opts.keep?.(url) === false)) return false;
    if (depth > 0 && this.language?.allowsUrl(url) === false) return false;
    if (this.robotsBlocked(url)) {
      // Never fetched and not counted towards max_pages; only the first few are reported (and
      // remembered, so each is reported once): a site can link to millions of blocked URLs.
      if (this.blocked < this.blockedCap) {
        this.blocked++;
        this.seen.add(url);
        this.hooks.onAdmitted?.(url, depth);
        this.queue.push({ url, depth, blocked: true });
      }
      return false;
    }
    if (this.admitted >= this.opts.maxPages) {
      if (this.waiting.length < this.opts.maxPages) this.waiting.push({ url, depth });
      if (this.leftByPages.size < LINKS_LEFT_CAP) this.leftByPages.add(url);
      return false;
    }
    this.seen.add(url);
    this.admitted++;
    this.ledger.admitted(url);
    this.hooks.onAdmitted?.(url, depth);
    this.queue.push({ url, depth });
    return true;
  }

  /**
   * A read page's links (already in scope and pages): one level deeper into the queue, or, found on
   * the last level, remembered as left for a deeper crawl when admit would have taken them.
   */
  follow(links: readonly string[], depth: number): void {
    if (!this.opts.followLinks) return;
    if (depth < this.opts.maxDepth) {
      for (const link of links) this.admit(link, depth + 1);
      return;
    }
    for (const url of links) {
      if (this.leftByDepth.size >= LINKS_LEFT_CAP) return;
      if (this.seen.has(url) || this.opts.keep?.(url) === false || this.language?.allowsUrl(url) === false || this.robotsBlocked(url))
        continue;
      this.leftByDepth.add(url);
    }
  }

  /**
   * Which limit left admissible links uncrawled, and how many distinct ones (a link turned away
   * and later taken, as a slot given back, does not count): max_pages first, as raising it alone
   * would crawl more; null when the crawl took every link it found.
   */
  limitReached(): LimitReached | null {
    const left = (urls: Set<string>) => [...urls].filter((u) => !this.seen.has(u)).length;
    const pages = left(this.leftByPages);
    if (pages > 0) return { kind: 'pages', links_left: pages };
    const depth = left(this.leftByDepth);
    return depth > 0 ? { kind: 'depth', links_left: depth } : null;
  }

  /** A page in another language costs no page of the budget: its slot goes to the next link turned away. */
  release(): void {
    this.admitted--;
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) if (this.admit(next.url, next.depth)) break;
  }

  /**
   * Listed URLs are not fetched now, but the owner indexes them next: the address policy applies
   * already. One check per host (a listing is mostly one site).
   */
  addressRefusal(url: string): Promise<FetchError | undefined> {
    const host = new URL(url).host;
    let check = this.addressChecks.get(host);
    if (!check) {
      check = this.fetcher.checkAddress(url).then(
        () => undefined,
        (err: unknown) => (isFetchError(err) ? err : new FetchError('network', String(err))),
      );
      this.addressChecks.set(host, check);
    }
    return check;
  }
}
