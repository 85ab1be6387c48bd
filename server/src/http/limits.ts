import type { Config } from '../config.js';
import { createRateLimits, type RateLimits } from './rateLimit.js';
import { createRedisClient } from './redisClient.js';
import { createSharedRateLimits } from './sharedRateLimit.js';

/**
 * The rate limits a server process uses: shared by every API process through Redis when REDIS_URL
 * is set, else counted in this process. `close` ends the Redis connection (the server's shutdown).
 */
export function createLimits(config: Config, warn?: (obj: object, msg: string) => void): { limits: RateLimits; close(): Promise<void> } {
  const opts = { ipPerMinute: config.RATE_LIMIT_IP_PER_MINUTE, visitorMessagesPerMinute: config.RATE_LIMIT_VISITOR_MESSAGES_PER_MINUTE };
  const local = createRateLimits(opts);
  if (!config.REDIS_URL) return { limits: local, close: async () => {} };
  const redis = createRedisClient(config.REDIS_URL);
  return {
    limits: createSharedRateLimits({ ...opts, redis, fallback: local, prefix: config.REDIS_PREFIX, warn }),
    close: () => redis.close(),
  };
}
