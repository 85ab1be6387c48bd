import { tooManyRequests } from './errors.js';

/** Keys remembered per counter; beyond this the oldest keys are forgotten (see WindowCounter). */
export const DEFAULT_MAX_KEYS = 100_000;

interface Window {
  start: number;
  count: number;
}

/**
 * Fixed-window counters in memory. Per process: behind a load balancer each API process counts its
 * own share, unless REDIS_URL is set (sharedRateLimit.ts shares them, and falls back to these).
 *
 * Memory is bounded and every hit is O(1) (a couple of Map lookups, never a scan), even under a
 * flood of distinct keys. Keys live in two generations, as in hashlru: `current` takes new and
 * recently seen keys, `previous` is the generation before. When `current` holds half the cap, or a
 * whole window has passed since it was started, it becomes `previous` and the old `previous` is
 * dropped: by time, everything in it had expired; by size, these are the least recently started
 * windows. (Evicting a map's oldest entry one at a time is not O(1) in V8: each new iterator walks
 * over the deleted slots at the front.)
 */
export class WindowCounter {
  private current = new Map<string, Window>();
  private previous = new Map<string, Window>();
  private currentSince: number;
  private readonly generationSize: number;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    maxKeys: number = DEFAULT_MAX_KEYS,
  ) {
    this.generationSize = Math.max(1, Math.floor(maxKeys / 2));
    this.currentSince = now();
  }

  /** Count one hit for key; throws 429 with Retry-After once the window's limit is passed. */
  hit(key: string): void {
    const now = this.now();
    this.rotateByTime(now);
    let w = this.current.get(key);
    if (!w) {
      w = this.previous.get(key);
      if (w) {
        this.previous.delete(key);
        this.store(key, w, now);
      }
    }
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.store(key, w, now);
    }
    w.count += 1;
    if (w.count > this.limit) {
      throw tooManyRequests(Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)));
    }
  }

  /** Keys currently remembered (for tests and diagnostics). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  private store(key: string, w: Window, now: number): void {
    if (!this.current.has(key) && this.current.size >= this.generationSize) this.rotate(now);
    this.current.set(key, w);
  }

  /** Windows in `previous` started before `currentSince`, so a window's time later they are all over. */
  private rotateByTime(now: number): void {
    const age = now - this.currentSince;
    if (age >= 2 * this.windowMs) {
      this.current = new Map();
      this.previous = new Map();
      this.currentSince = now;
    } else if (age >= this.windowMs) {
      this.rotate(now);
    }
  }

  private rotate(now: number): void {
    this.previous = this.current;
    this.current = new Map();
    this.currentSince = now;
  }
}

/** Each throws (or rejects with) a 429 once its limit is passed; callers await them. */
export interface RateLimits {
  /** Every public-route request, per client IP. */
  publicRequest(ip: string): void | Promise<void>;
  /** Each message a visitor sends (answers cost the most). */
  visitorMessage(visitorId: string): void | Promise<void>;
  /** Each conversation a visitor creates (its own bucket, with the same per-visitor limit). */
  visitorConversation(visitorId: string): void | Promise<void>;
}

export function createRateLimits(opts: { ipPerMinute: number; visitorMessagesPerMinute: number; maxKeys?: number }): RateLimits {
  const counter = (limit: number) => new WindowCounter(limit, 60_000, Date.now, opts.maxKeys);
  const perIp = counter(opts.ipPerMinute);
  const perVisitorMessages = counter(opts.visitorMessagesPerMinute);
  const perVisitorConversations = counter(opts.visitorMessagesPerMinute);
  return {
    publicRequest: (ip) => perIp.hit(ip),
    visitorMessage: (visitorId) => perVisitorMessages.hit(visitorId),
    visitorConversation: (visitorId) => perVisitorConversations.hit(visitorId),
  };
}
