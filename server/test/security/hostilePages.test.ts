import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/postgres.js';
import { HTTP_DRAIN_MS } from '../../src/main.js';
import { emulatorHost, idTokenFor } from '../helpers/auth.js';
import { onPostgres } from '../helpers/db.js';
import { until } from '../helpers/durableScenario.js';
import { freePort } from '../helpers/freePort.js';
import { HOSTILE_PATHS, startHostileSite, type HostileSite } from './fixtures/hostileSite.js';

/**
 * Issue 36: one index-urls task of five hostile pages (a gzip bomb, a 200 MB page, a page that
 * drips a byte every 500 ms, 200,000 nested <div>s, 100,000 links) against the real server process
 * on the test's engine. The health route must answer within 2 s throughout (the generous
 * bound: the inline fallback this replaced froze the server for 250 s), whether the extraction
 * workers run or cannot start at all, and SIGTERM in the middle of it must stop the process within
 * the HTTP drain time.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const FIXTURE = 'server/test/security/fixtures/serveHostile.ts';
const UNAVAILABLE = 'Extraction unavailable: the server could not start an extraction worker (details in the server log)';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Running {
  api: string;
  child: ChildProcess;
  logs: () => string;
  exited: Promise<number | null>;
}

let site: HostileSite;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  site = await startHostileSite();
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
afterAll(async () => {
  await site?.close();
});

/** The server (and its in-process task worker) on a fresh data dir or PostgreSQL schema. */
async function startHostileServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const database: Record<string, string> = {};
  if (onPostgres()) {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `t_hostile_${randomUUID().slice(0, 8)}`;
    database.DATABASE_URL = `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
    database.WORKER = 'on';
    const admin = await openPostgres({ url, schema, max: 1 });
    cleanups.push(async () => {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await admin.close();
    });
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-hostile-'));
    database.DATA_DIR = dir;
    database.DATABASE_URL = '';
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  }
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...database,
      PORT: String(port),
      HOST: '127.0.0.1',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      CRAWL_ALLOW_HOSTS: site.host,
      CRAWL_TIMEOUT_MS: '5000',
      TASK_POLL_MS: '100',
      RATE_LIMIT_IP_PER_MINUTE: '1000000', // /health is asked 10 times a second
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(() => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')));
  const api = `http://127.0.0.1:${port}/api/v1`;
  await until(
    'the server',
    async () => (await fetch(`${api}/health`)).ok,
    90_000,
    () => output,
  );
  return { api, child, logs: () => output, exited };
}

/** Asks /health every ~100 ms until stopped; the longest answer, in ms. */
function watchHealth(api: string): { stop(): Promise<{ maxMs: number; asked: number; failed: number; statuses: number[] }> } {
  let stopped = false;
  let maxMs = 0;
  let asked = 0;
  let failed = 0;
  const statuses = new Set<number>();
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      const status = await fetch(`${api}/health`, { signal: AbortSignal.timeout(60_000) }).then(
        (r) => r.status,
        () => 0,
      );
      statuses.add(status);
      const ok = status === 200;
      maxMs = Math.max(maxMs, performance.now() - t0);
      asked++;
      if (!ok) failed++;
      await sleep(100);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { maxMs, asked, failed, statuses: [...statuses] };
    },
  };
}

async function indexHostilePages(api: string, headers: Record<string, string>): Promise<{ bot: string; taskId: string }> {
  const res = await fetch(`${api}/indexing/index-urls`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ urls_to_index: HOSTILE_PATHS.map((p) => `${site.origin}${p}`) }),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { bot: body.data.chatbot_id, taskId: body.data.task_id };
}

const taskOf = async (api: string, headers: Record<string, string>, bot: string, taskId: string) => {
  const res = await fetch(`${api}/crawl-and-index/tasks/${bot}?task_type=all`, { headers });
  return ((await res.json()).data as { id: string; status: string }[]).find((t) => t.id === taskId);
};

/** Runs the task to its end while watching /health; each page's status and reason. */
async function runWatched(
  s: Running,
  owner: string,
): Promise<{
  health: { maxMs: number; asked: number; failed: number; statuses: number[] };
  pages: Map<string, { status: string; error: string | null }>;
}> {
  const headers = { authorization: `Bearer ${await idTokenFor(owner)}`, 'content-type': 'application/json' };
  const health = watchHealth(s.api);
  const { bot, taskId } = await indexHostilePages(s.api, headers);
  await until(
    'the hostile task to end',
    async () => ['completed', 'failed'].includes((await taskOf(s.api, headers, bot, taskId))?.status ?? ''),
    150_000,
    s.logs,
  );
  const watched = await health.stop();
  const { chatbot } = (await (await fetch(`${s.api}/chatbots/${bot}`, { headers })).json()).data as {
    chatbot: { urls: { url: string; status: string; error: string | null }[] };
  };
  const pages = new Map(chatbot.urls.map((u) => [new URL(u.url).pathname, { status: u.status, error: u.error }]));
  console.log(`health: ${JSON.stringify(watched)}; pages: ${JSON.stringify([...pages])}`);
  return { health: watched, pages };
}

/** Starts the task again and sends SIGTERM while it runs; how long the process took to exit. */
async function sigtermMidTask(s: Running, owner: string): Promise<{ ms: number; code: number | null }> {
  const headers = { authorization: `Bearer ${await idTokenFor(owner)}`, 'content-type': 'application/json' };
  const { bot, taskId } = await indexHostilePages(s.api, headers);
  await until('the task running', async () => (await taskOf(s.api, headers, bot, taskId))?.status === 'running', 30_000, s.logs);
  await sleep(1500); // into the pages: fetching the drip, parsing or refusing the deep page
  const t0 = performance.now();
  s.child.kill('SIGTERM');
  const code = await s.exited;
  return { ms: performance.now() - t0, code };
}

const tooLarge = /^Too large/;
const timedOutFetch = /^Timed out \(no complete response within 5 s\)$/;

describe('five hostile pages in one index-urls task', () => {
  it('with no extraction worker able to start: pages fail with the reason, it is logged, health answers throughout, SIGTERM stops it', async () => {
    const s = await startHostileServer({ EXTRACT_START: 'fail' });
    const { health, pages } = await runWatched(s, 'hostile-nostart@example.com');
    expect(health.asked).toBeGreaterThan(10);
    expect(health.failed).toBe(0);
    expect(health.maxMs).toBeLessThan(2000);
    expect(pages.get('/bomb')).toEqual({ status: 'failed', error: expect.stringMatching(tooLarge) });
    expect(pages.get('/huge')).toEqual({ status: 'failed', error: expect.stringMatching(tooLarge) });
    expect(pages.get('/drip')).toEqual({ status: 'failed', error: expect.stringMatching(timedOutFetch) });
    // Never parsed on the server's thread: failed with the reason, not indexed.
    expect(pages.get('/deep')).toEqual({ status: 'failed', error: UNAVAILABLE });
    expect(pages.get('/links')).toEqual({ status: 'failed', error: UNAVAILABLE });
    expect(s.logs()).toContain('page extraction worker could not start');
    expect(s.logs()).toContain('extraction workers are disabled for this test');

    const stop = await sigtermMidTask(s, 'hostile-nostart@example.com');
    console.log(`SIGTERM with no workers: exit ${stop.code} after ${Math.round(stop.ms)} ms`);
    expect(stop.code).toBe(0);
    expect(stop.ms).toBeLessThan(HTTP_DRAIN_MS);
  }, 300_000);

  it('with workers: the deep page times out as it does alone, health answers throughout, SIGTERM mid-parse stops it', async () => {
    // A 5 s limit per page (20 s by default): the deep page parses for minutes (167 s measured on a
    // loaded 2-core machine), the page of links in seconds (3.3 s there).
    const s = await startHostileServer({ EXTRACT_TIMEOUT_MS: '5000' });
    site.hugeSent = 0;
    const { health, pages } = await runWatched(s, 'hostile-workers@example.com');
    expect(health.asked).toBeGreaterThan(10);
    expect(health.failed).toBe(0);
    expect(health.maxMs).toBeLessThan(2000);
    expect(pages.get('/bomb')).toEqual({ status: 'failed', error: expect.stringMatching(tooLarge) });
    expect(pages.get('/huge')).toEqual({ status: 'failed', error: expect.stringMatching(tooLarge) });
    expect(pages.get('/drip')).toEqual({ status: 'failed', error: expect.stringMatching(timedOutFetch) });
    expect(pages.get('/deep')).toEqual({ status: 'failed', error: 'Extraction timed out' });
    expect(pages.get('/links')?.status).toBe('indexed');
    expect(site.hugeSent).toBeLessThan(20 * 1024 * 1024); // the 200 MB page was cut off at the byte cap

    const stop = await sigtermMidTask(s, 'hostile-workers@example.com');
    console.log(`SIGTERM with workers: exit ${stop.code} after ${Math.round(stop.ms)} ms`);
    expect(stop.code).toBe(0);
    expect(stop.ms).toBeLessThan(HTTP_DRAIN_MS);
  }, 300_000);
});
