import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { openPostgres } from '../../src/db/postgres.js';
import { emulatorHost, idTokenFor } from '../helpers/auth.js';
import { freePorts } from '../helpers/freePort.js';

/**
 * Scale-out under faults (PostgreSQL pass only): 2 API processes and 3 worker processes on one
 * database crawl the local Python docs into three bots at once. One worker is SIGKILLed mid-crawl
 * (its task comes back when its lease expires), another is SIGTERMed (it hands its task back at
 * once and exits 0), a fresh worker joins. Every task must end completed, and every page must be
 * indexed exactly once: no URL twice in a bot, no chunk twice in a page, nothing left staged, and the
 * term statistics equal to a count of what is live.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const url = process.env.TEST_DATABASE_URL!;
const schema = `t_kill_${randomUUID().slice(0, 8)}`;
let ports: number[] = [];
let sitePort = 0;
const children: ChildProcess[] = [];
const logs: string[] = [];
let site: ChildProcess;
let db: Db;

function run(script: string, extra: NodeJS.ProcessEnv = {}): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    CRAWL_ALLOW_HOSTS: `127.0.0.1:${sitePort}`,
    TASK_POLL_MS: '100',
    TASK_LEASE_SECONDS: '5',
    WORKER_CONCURRENCY: '1',
    WORKER_CONCURRENCY_PER_OWNER: '3',
    LOG_LEVEL: 'info',
    ...extra,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => logs.push(String(d)));
  child.stderr!.on('data', (d) => logs.push(String(d)));
  children.push(child);
  return child;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${logs.join('').slice(-4000)}`);
    await sleep(200);
  }
}

beforeAll(async () => {
  const free = await freePorts(3);
  sitePort = free[0]!;
  ports = free.slice(1);
  site = spawn('bash', [path.join(ROOT, '..', 'shared', 'corpora', 'serve-pydocs.sh'), String(sitePort)], { stdio: 'ignore' });
  await until('the Python docs server', async () => (await fetch(`http://127.0.0.1:${sitePort}/index.html`)).ok, 30_000);
  db = await openPostgres({ url, schema, max: 2 });
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  site?.kill('SIGTERM');
  await db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
  await db?.close();
});

describe('scale-out under faults on PostgreSQL', () => {
  it('2 APIs and 3 workers crawl three bots; a killed and a stopped worker lose nothing and duplicate nothing', async () => {
    for (const port of ports) run('server/src/cli/serve.ts', { PORT: String(port) });
    const workers = [0, 1, 2].map(() => run('server/src/cli/worker.ts'));
    for (const port of ports) await until('an API', async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok, 90_000);

    const headers = { authorization: `Bearer ${await idTokenFor('faults@example.com')}`, 'content-type': 'application/json' };
    const bots: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${ports[i % 2]}/api/v1/crawl-and-index`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `http://127.0.0.1:${sitePort}/index.html`, max_depth: 3, max_pages: 120, name: `Docs ${i}` }),
      });
      expect(res.status).toBe(200);
      bots.push((await res.json()).data.chatbot_id);
    }

    // Each worker holds one task and has indexed some pages: kill one, stop another.
    const running = await until(
      'three tasks under way',
      async () => {
        const rows = await db.query<{ locked_by: string; indexed: number }>(
          `SELECT locked_by, (progress->>'indexed')::int AS indexed FROM tasks WHERE status = 'running'`,
        );
        return rows.length === 3 && rows.every((r) => r.indexed >= 5) ? rows : undefined;
      },
      180_000,
    );
    const pidOf = (lockedBy: string) => Number(lockedBy.split(':')[1]);
    const [killed, stopped] = running.map((r) => workers.find((w) => w.pid === pidOf(r.locked_by))!);
    expect(killed).toBeDefined();
    expect(stopped).toBeDefined();
    killed!.kill('SIGKILL');
    stopped!.kill('SIGTERM');
    expect(await exited(stopped!)).toBe(0);
    expect(logs.join('')).toContain('task released to the queue on shutdown');
    run('server/src/cli/worker.ts');

    const tasks = await until(
      'every task to finish',
      async () => {
        const rows = await db.query<{ status: string; attempts: number; error: string | null }>(
          'SELECT status, attempts, error FROM tasks',
        );
        return rows.length === 3 && rows.every((r) => r.status === 'completed' || r.status === 'failed') ? rows : undefined;
      },
      420_000,
    );
    expect(
      tasks.map((t) => t.status),
      JSON.stringify(tasks),
    ).toEqual(['completed', 'completed', 'completed']);
    // The killed worker's task ran again (a second attempt).
    expect(Math.max(...tasks.map((t) => t.attempts)), JSON.stringify(tasks)).toBeGreaterThanOrEqual(2);

    for (const bot of bots) {
      const [pages] = await db.query<{ n: number; distinct_urls: number; staged: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT url)::int AS distinct_urls, count(*) FILTER (WHERE NOT live)::int AS staged FROM documents WHERE chatbot_id = $1`,
        [bot],
      );
      expect(pages!.n).toBeGreaterThanOrEqual(100);
      expect(pages!.distinct_urls).toBe(pages!.n);
      expect(pages!.staged).toBe(0);
      const dupChunks = await db.query(`SELECT document_id, ordinal FROM chunks WHERE chatbot_id = $1 GROUP BY 1, 2 HAVING count(*) > 1`, [
        bot,
      ]);
      expect(dupChunks).toHaveLength(0);
      const orphans = await db.query(
        `SELECT 1 FROM chunks c WHERE c.chatbot_id = $1 AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = c.document_id AND d.chatbot_id = c.chatbot_id)`,
        [bot],
      );
      expect(orphans).toHaveLength(0);
      const [stats] = await db.query<{ counted: number; kept: number }>(
        `SELECT (SELECT count(*)::int FROM chunks WHERE chatbot_id = $1 AND live) AS counted,
                (SELECT coalesce(sum(chunks), 0)::int FROM term_totals WHERE chatbot_id = $1 AND live) AS kept`,
        [bot],
      );
      expect(stats!.kept).toBe(stats!.counted);
    }

    // SIGTERM: every remaining process stops cleanly.
    const alive = children.filter((c) => c.exitCode === null && c !== killed);
    expect(alive).toHaveLength(4); // both APIs, the worker left alone and the one that joined
    for (const c of alive) c.kill('SIGTERM');
    expect(await Promise.all(alive.map(exited))).toEqual(alive.map(() => 0));
  }, 720_000);
});
