import { setTimeout as sleep } from 'node:timers/promises';
import { FetchError } from './fetchErrors.js';

/**
 * Requests in a row that a host leaves unanswered (timed out) before the crawl stops asking it:
 * a host that never answers would otherwise hold a worker for pages × timeout / concurrency (200
 * URLs at 15 s, 4 at a time: 12.5 minutes), and the task's slot with it.
 */
export const STALL_LIMIT = 3;
export const STALLED_REASON = `Not fetched: the site stopped responding (${STALL_LIMIT} requests in a row timed out)`;

/**
 * Politeness for one host: at most `concurrency` requests in flight, and at least `intervalMs`
 * between request starts (robots.txt Crawl-delay). Both waits end when the signal fires (the
 * crawl's deadline), so a long Crawl-delay cannot hold a crawl past its time cap. A host that lets
 * STALL_LIMIT requests in a row time out is stalled: later requests fail at once.
 */
export class HostGate {
  private active = 0;
  private nextStart = 0;
  private readonly waiting: (() => void)[] = [];
  private unansweredInARow = 0;

  constructor(
    private readonly concurrency: number,
    private readonly intervalMs: number,
  ) {}

  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.active >= this.concurrency) await this.slot(signal);
    this.active++;
    try {
      if (this.intervalMs > 0) {
        const wait = this.nextStart - Date.now();
        this.nextStart = Math.max(Date.now(), this.nextStart) + this.intervalMs;
        if (wait > 0) await sleep(wait, undefined, { signal });
      }
      signal?.throwIfAborted();
      if (this.unansweredInARow >= STALL_LIMIT) throw new FetchError('timeout', STALLED_REASON);
      const result = await fn();
      this.unansweredInARow = 0;
      return result;
    } catch (err) {
      // Only our own time-outs count: the crawl's deadline or abort says nothing about the host.
      if (err instanceof FetchError && err.kind === 'timeout' && !signal?.aborted) this.unansweredInARow++;
      else if (err instanceof FetchError) this.unansweredInARow = 0;
      throw err;
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  /** Wait for a free slot; an abort takes the waiter out of the line. */
  private slot(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiting.indexOf(wake);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal!.reason);
      };
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      this.waiting.push(wake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
