import { tooManyRequests } from './errors.js';

/**
 * Fixed-window counters in memory. Per process: behind a load balancer each API process counts its
 * own share, which is the usual trade-off for not needing Redis.
 */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count one hit for key; throws 429 with Retry-After once the window's limit is passed. */
  hit(key: string): void {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count > this.limit) {
      throw tooManyRequests(Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)));
    }
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}

export interface RateLimits {
  /** Every public-route request, per client IP. */
  publicRequest(ip: string): void;
  /** Each message a visitor sends (answers cost the most). */
  visitorMessage(visitorId: string): void;
}

export function createRateLimits(opts: { ipPerMinute: number; visitorMessagesPerMinute: number }): RateLimits {
  const perIp = new WindowCounter(opts.ipPerMinute, 60_000);
  const perVisitor = new WindowCounter(opts.visitorMessagesPerMinute, 60_000);
  return {
    publicRequest: (ip) => perIp.hit(ip),
    visitorMessage: (visitorId) => perVisitor.hit(visitorId),
  };
}
