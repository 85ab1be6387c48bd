import { setMaxListeners } from 'node:events';
import { CanonicalLedger } from './canonical.js';
import { CrawlFrontier } from './crawlFrontier.js';
import type { CrawlHooks, CrawlOptions, CrawlOutcome, CrawlSummary } from './crawlTypes.js';
import type { Extractor } from './extractor.js';
import { PagePlacement } from './pagePlacement.js';
import type { SafeFetcher } from './safeFetch.js';

export const TIME_LIMIT_REASON = 'Not fetched: the crawl time limit was reached';
export const ROBOTS_REASON = 'Blocked by robots.txt';
/** Node timers overflow (and fire at once) past 2^31 - 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One crawl's shared state, handed to every page stage (pageStages.ts): its parts (fetcher,
 * extractor, frontier, placement), its one abort signal, and the consumer its outcomes go to.
 */
export class CrawlRun {
  /** Ends every wait of the crawl (robots, sitemaps, fetches, Crawl-delay, extraction): the owner's Stop or the time budget. */
  readonly signal: AbortSignal;
  /** Runners draining the queue at once: concurrency plus one, so a Crawl-delayed host does not idle the rest. */
  readonly slots: number;
  readonly ledger = new CanonicalLedger();
  readonly frontier: CrawlFrontier;
  readonly placement: PagePlacement;
  stoppedBy: CrawlSummary['stoppedBy'];
  private readonly timeUp: AbortSignal;

  constructor(
    readonly fetcher: SafeFetcher,
    readonly extractor: Extractor,
    readonly opts: CrawlOptions,
    readonly hooks: CrawlHooks,
    firstStart: string,
  ) {
    this.timeUp = AbortSignal.timeout(Math.min(Math.max(0, opts.timeBudgetMs), MAX_TIMER_MS));
    this.signal = opts.signal ? AbortSignal.any([opts.signal, this.timeUp]) : this.timeUp;
    // Every runner waits on this one signal (its host's gate, its fetch, its extraction): many
    // listeners by design, each removed when its wait ends. Node warns of a leak past 10.
    this.slots = Math.max(1, opts.concurrency) + 1;
    setMaxListeners(4 * this.slots + 4, this.signal);
    this.frontier = new CrawlFrontier(fetcher, opts, hooks, this.ledger, this.signal, firstStart);
    this.placement = new PagePlacement(this.frontier, this.ledger, opts, hooks);
  }

  /** The time budget ran out (not the owner's Stop): what is cut short now is skipped, not failed. */
  outOfTime(): boolean {
    return this.timeUp.aborted && !this.opts.signal?.aborted;
  }

  /** The crawl must stop taking URLs; the first reason seen is kept. */
  stopped(): boolean {
    if (this.opts.signal?.aborted) this.stoppedBy = 'aborted';
    else if (this.timeUp.aborted) this.stoppedBy ??= 'time';
    return this.stoppedBy !== undefined;
  }

  /** A URL's one outcome, to the consumer (which may be slow: the crawl waits for it). */
  report(outcome: CrawlOutcome): Promise<void> | void {
    return this.hooks.onOutcome(outcome);
  }

  timeSkip(url: string): Promise<void> | void {
    return this.report({ kind: 'skipped', url, reason: TIME_LIMIT_REASON, notFetched: true });
  }

  robotsSkip(url: string): Promise<void> | void {
    return this.report({ kind: 'skipped', url, reason: ROBOTS_REASON, notFetched: true });
  }

  /** After the last runner: URLs the deadline left in the queue are skipped, deferred pages placed. */
  async finish(): Promise<CrawlSummary> {
    const { frontier, ledger } = this;
    if (this.stoppedBy === 'time') {
      for (const item of frontier.queue.splice(0)) {
        await this.timeSkip(item.url);
        ledger.settled(item.url);
      }
    }
    ledger.releaseAll();
    await this.placement.settle();
    const limitReached = this.stoppedBy || !this.opts.followLinks ? null : frontier.limitReached();
    return { admitted: frontier.admitted, stoppedBy: this.stoppedBy, remembered: frontier.seen.size, limitReached };
  }
}
