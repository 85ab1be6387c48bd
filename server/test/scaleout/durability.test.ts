import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { openPostgres } from '../../src/db/postgres.js';
import type { ChangingSite } from '../fixtures/sites/changingSite.js';
import { durableEnv, killDuringCrawlAndBurst, startDurableSite, until, type Deployment } from '../helpers/durableScenario.js';
import { freePort } from '../helpers/freePort.js';

/**
 * Durability on PostgreSQL (PostgreSQL pass only): an API process and a worker process on one
 * database, both killed with SIGKILL while the worker crawls and 20 visitors send messages through
 * the API; started again, every acknowledged message is there and the crawl (its lease expired)
 * completes with every page once. The embedded server's run is server/test/cli/durability.test.ts.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const url = process.env.TEST_DATABASE_URL!;
const schema = `t_durable_${randomUUID().slice(0, 8)}`;
let port = 0;
const children: ChildProcess[] = [];
const logs: string[] = [];
let site: ChangingSite;
let db: Db;

function run(script: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`,
      PORT: String(port),
      ...durableEnv(site),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => logs.push(String(d)));
  child.stderr!.on('data', (d) => logs.push(String(d)));
  children.push(child);
  return child;
}

const onPostgres: Deployment = {
  get api() {
    return `http://127.0.0.1:${port}/api/v1`;
  },
  async start() {
    run('server/src/cli/serve.ts');
    run('server/src/cli/worker.ts');
    await until(
      'the API',
      async () => (await fetch(`${this.api}/health`)).ok,
      90_000,
      () => logs.join(''),
    );
  },
  killAll() {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  },
};

beforeAll(async () => {
  port = await freePort();
  site = await startDurableSite();
  db = await openPostgres({ url, schema, max: 1 });
});

afterAll(async () => {
  onPostgres.killAll();
  await site?.close();
  await db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
  await db?.close();
});

describe('kill -9 of the API and worker processes on PostgreSQL', () => {
  it('keeps every acknowledged message and completes the interrupted crawl', async () => {
    await killDuringCrawlAndBurst(onPostgres, site, 'durable-pg@example.com');
  }, 720_000);
});
