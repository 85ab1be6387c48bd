/**
 * The extraction pool's record of worker starts (extractPool.ts): how long the next start may take,
 * when the next may begin after a failed one, and how long pages have been waiting with no worker.
 *
 * Why pages wait instead of failing: on a loaded machine (a load average of 18 on 2 cores has been
 * seen) a worker that loads its modules through tsx can take longer than the start limit several
 * times in a row. Failing every waiting page meanwhile lost 562 of a 615-page crawl. So a start
 * failure is not a page failure: pages wait for the next start, each failed start doubles the next
 * one's limit (at most 4× the base: the worker was not broken, only slow), and only when the pool
 * has been without a worker for `waitLimitMs` while pages waited (a broken install, not a busy
 * machine) do pages fail, with ExtractUnavailableError: the crawl then ends with that reason
 * instead of waiting forever.
 */
const MAX_RETRY_PAUSE_MS = 30_000;
const MAX_LIMIT_FACTOR = 4;

export class WorkerStarts {
  /** Failed starts in a row (reset when a worker reports ready). */
  failedStarts = 0;
  /** No start before this time (the pause after a failed start). */
  retryAt = 0;
  /** Since when pages have been waiting with no worker running (undefined: a worker is up, or nobody waited). */
  private downSince: number | undefined;
  /** Since when no page has waited (with no worker running). */
  private idleSince: number | undefined;

  constructor(
    private readonly baseStartMs: number,
    readonly waitLimitMs: number,
  ) {}

  /** How long the next worker may take to report ready: the base, doubled per failed start in a row, at most 4×. */
  startLimit(): number {
    return Math.min(this.baseStartMs * 2 ** this.failedStarts, MAX_LIMIT_FACTOR * this.baseStartMs);
  }

  mayStart(now = Date.now()): boolean {
    return now >= this.retryAt;
  }

  /** A worker reported ready: the outage, if any, is over. */
  started(): void {
    this.failedStarts = 0;
    this.retryAt = 0;
    this.downSince = undefined;
    this.idleSince = undefined;
  }

  /** A start failed: the pause before the next one (1 s, doubling, at most 30 s). */
  failed(now = Date.now()): number {
    this.failedStarts++;
    const pauseMs = Math.min(MAX_RETRY_PAUSE_MS, 1000 * 2 ** (this.failedStarts - 1));
    this.retryAt = now + pauseMs;
    return pauseMs;
  }

  /**
   * Pages are waiting and no worker runs: the outage clock starts (if it is not already running).
   * A pool that gave up and then sat idle for a whole wait limit starts a fresh clock: the next
   * crawl, hours later, should not inherit the last one's outage.
   */
  waiting(now = Date.now()): void {
    if (this.idleSince !== undefined && now - this.idleSince >= this.waitLimitMs) this.downSince = undefined;
    this.idleSince = undefined;
    this.downSince ??= now;
  }

  /** No page is waiting (and no worker runs). */
  idle(now = Date.now()): void {
    this.idleSince ??= now;
  }

  /** The pool has been without a worker for the whole wait limit while pages waited. */
  givenUp(now = Date.now()): boolean {
    return this.downSince !== undefined && now - this.downSince >= this.waitLimitMs;
  }

  /** When the outage reaches the wait limit (for a timer), or undefined when there is none. */
  giveUpAt(): number | undefined {
    return this.downSince === undefined ? undefined : this.downSince + this.waitLimitMs;
  }
}
