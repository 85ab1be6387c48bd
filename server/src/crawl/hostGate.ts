/**
 * Politeness for one host: at most `concurrency` requests in flight, and at least `intervalMs`
 * between request starts (robots.txt Crawl-delay).
 */
export class HostGate {
  private active = 0;
  private nextStart = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly intervalMs: number,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      if (this.intervalMs > 0) {
        const wait = this.nextStart - Date.now();
        this.nextStart = Math.max(Date.now(), this.nextStart) + this.intervalMs;
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
