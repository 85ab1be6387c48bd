import { createHash } from 'node:crypto';
import { tooManyRequests } from './errors.js';
import type { RateLimits } from './rateLimit.js';
import type { RedisClient } from './redisClient.js';

const WINDOW_MS = 60_000;
/** Redis keys live past their window so a process whose clock is a little behind still finds them. */
const KEY_TTL_MS = 2 * WINDOW_MS;
/** At most one warning per this long while Redis keeps failing. */
const WARN_EVERY_MS = 60_000;

export interface SharedRateLimitOptions {
  redis: RedisClient;
  ipPerMinute: number;
  visitorMessagesPerMinute: number;
  /** Counts in this process when Redis fails (the per-process limits). */
  fallback: RateLimits;
  /** Key prefix (tests give each run its own). */
  prefix?: string;
  warn?: (obj: object, msg: string) => void;
}

/**
 * The same limits as createRateLimits, counted in Redis so that every API process shares them:
 * fixed one-minute windows aligned to the clock (every process agrees which window a request falls
 * in), one INCR and PEXPIRE per hit in one round trip. Keys hold a hash of the IP or visitor id,
 * never the id itself (a visitor id is a credential). When Redis fails or stalls, the hit is counted
 * by the in-process limits instead, so an outage of Redis neither opens the gates nor refuses everyone.
 */
export function createSharedRateLimits(opts: SharedRateLimitOptions): RateLimits {
  const prefix = opts.prefix ?? 'docent:rl:';
  let lastWarning = 0;

  const hit = async (bucket: string, limit: number, id: string, fallback: () => void | Promise<void>) => {
    const now = Date.now();
    const window = Math.floor(now / WINDOW_MS);
    const key = `${prefix}${bucket}:${createHash('sha256').update(id).digest('base64url').slice(0, 22)}:${window}`;
    let count: number;
    try {
      const [incr] = await opts.redis.pipeline([
        ['INCR', key],
        ['PEXPIRE', key, String(KEY_TTL_MS)],
      ]);
      if (typeof incr !== 'number') throw incr instanceof Error ? incr : new Error('Unexpected INCR reply');
      count = incr;
    } catch (err) {
      if (now - lastWarning >= WARN_EVERY_MS) {
        lastWarning = now;
        opts.warn?.({ err: (err as Error).message }, 'Redis rate limits unavailable; counting in this process');
      }
      return fallback();
    }
    if (count > limit) throw tooManyRequests(Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000)));
  };

  return {
    publicRequest: (ip) => hit('ip', opts.ipPerMinute, ip, () => opts.fallback.publicRequest(ip)),
    visitorMessage: (v) => hit('msg', opts.visitorMessagesPerMinute, v, () => opts.fallback.visitorMessage(v)),
    visitorConversation: (v) => hit('conv', opts.visitorMessagesPerMinute, v, () => opts.fallback.visitorConversation(v)),
  };
}
