import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Politeness for one host: at most `concurrency` requests in flight, and at least `intervalMs`
 * between request starts (robots.txt Crawl-delay). Both waits end when the signal fires (the
 * crawl's deadline), so a long Crawl-delay cannot hold a crawl past its time cap.
 */
export class HostGate {
  private active = 0;
  private nextStart = 0;
  private readonly waiting: (() => void)[] = [];

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
      return await fn();
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
