import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { createRateLimits } from '../../src/http/rateLimit.js';
import { createRedisClient } from '../../src/http/redisClient.js';
import { createSharedRateLimits } from '../../src/http/sharedRateLimit.js';
import { emulatorHost } from '../helpers/auth.js';
import { freePort } from '../helpers/freePort.js';

/**
 * Rate limits shared across API processes through Redis (REDIS_URL; the machine runs Redis on
 * 127.0.0.1:6379). Two real `npm run serve` processes, each with its own embedded database, share
 * one per-IP budget: the request past the limit is refused by whichever process gets it, with
 * Retry-After. Without REDIS_URL each process counts its own share; with Redis down the limits fall
 * back to counting in the process, never to refusing everyone or letting everything through.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const REDIS = 'redis://127.0.0.1:6379';
const LIMIT = 10;
const children: ChildProcess[] = [];
const dirs: string[] = [];

/**
 * One migrated embedded database, made once here and copied into each process's data dir: each
 * would otherwise run initdb and every migration itself (most of a start-up) before listening.
 */
async function seedDataDir(): Promise<string> {
  const seed = mkdtempSync(path.join(tmpdir(), 'docent-rl-seed-'));
  dirs.push(seed);
  const db = await openPglite(path.join(seed, 'pglite'));
  await migrate(db);
  await db.close();
  return seed;
}

async function serve(env: Record<string, string>, seed: string): Promise<string> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-rl-'));
  dirs.push(dir);
  cpSync(seed, dir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/serve.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_IP_PER_MINUTE: String(LIMIT),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 90_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('Docent API listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited (${code}):\n${output}`)));
  });
  return `http://127.0.0.1:${port}/api/v1/health`;
}

/** Requests alternately to each server until the window's budget is spent, then one more. */
async function spend(urls: string[], requests: number): Promise<Response[]> {
  // A window boundary mid-test would reset the shared count: start early in a minute.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
  const out: Response[] = [];
  for (let i = 0; i < requests; i++) out.push(await fetch(urls[i % urls.length]!));
  return out;
}

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('rate limits across API processes', () => {
  let shared: string[];
  let separate: string[];
  beforeAll(async () => {
    const prefix = `docent-test:${randomUUID()}:`;
    const seed = await seedDataDir();
    [shared, separate] = await Promise.all([
      Promise.all([serve({ REDIS_URL: REDIS, REDIS_PREFIX: prefix }, seed), serve({ REDIS_URL: REDIS, REDIS_PREFIX: prefix }, seed)]),
      Promise.all([serve({}, seed), serve({}, seed)]),
    ]);
  }, 180_000);

  it('share one budget through Redis: the request past it is refused by either process, with Retry-After', async () => {
    const res = await spend(shared, LIMIT + 2);
    expect(res.slice(0, LIMIT).map((r) => r.status)).toEqual(Array(LIMIT).fill(200));
    // The 11th request went to one process and the 12th to the other: both refuse.
    for (const r of res.slice(LIMIT)) {
      expect(r.status).toBe(429);
      const wait = Number(r.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await r.json()).toEqual({ success: false, detail: 'Too many requests. Please slow down.' });
    }
  });

  it('without REDIS_URL each process counts its own share', async () => {
    const res = await spend(separate, 2 * LIMIT + 1);
    expect(res.slice(0, 2 * LIMIT).every((r) => r.status === 200)).toBe(true);
    expect(res[2 * LIMIT]!.status).toBe(429);
  });
});

describe('shared limits when Redis fails', () => {
  it('count in the process instead, quickly, and never store a visitor id in Redis', async () => {
    const down = createRedisClient('redis://127.0.0.1:1', 300);
    const limits = createSharedRateLimits({
      redis: down,
      ipPerMinute: 3,
      visitorMessagesPerMinute: 2,
      fallback: createRateLimits({ ipPerMinute: 3, visitorMessagesPerMinute: 2 }),
    });
    const started = Date.now();
    for (let i = 0; i < 3; i++) await limits.publicRequest('203.0.113.9');
    await expect(Promise.resolve().then(() => limits.publicRequest('203.0.113.9'))).rejects.toMatchObject({ status: 429 });
    expect(Date.now() - started).toBeLessThan(5_000);
    await down.close();

    const redis = createRedisClient(REDIS);
    const prefix = `docent-test:${randomUUID()}:`;
    const up = createSharedRateLimits({
      redis,
      ipPerMinute: 3,
      visitorMessagesPerMinute: 2,
      fallback: createRateLimits({ ipPerMinute: 1, visitorMessagesPerMinute: 1 }),
      prefix,
    });
    const visitor = `visitor-${randomUUID()}`;
    await up.visitorMessage(visitor);
    await up.visitorMessage(visitor);
    await expect(Promise.resolve().then(() => up.visitorMessage(visitor))).rejects.toMatchObject({ status: 429 });
    const [keys] = (await redis.pipeline([['KEYS', `${prefix}*`]])) as [string[]];
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain(visitor);
    expect(keys[0]).not.toContain(visitor.slice(8, 20));
    await redis.pipeline([['DEL', ...keys]]);
    await redis.close();
  });
});
