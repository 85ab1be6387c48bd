import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { ChangingSite } from '../fixtures/sites/changingSite.js';
import { durableEnv, killDuringCrawlAndBurst, startDurableSite, until, type Deployment } from '../helpers/durableScenario.js';
import { freePort } from '../helpers/freePort.js';

/**
 * Durability of the embedded server (PGlite, in-process worker): kill -9 while it crawls and 20
 * visitors send messages, then start it again on the same data dir (see durableScenario.ts). The
 * same scenario runs against PostgreSQL in server/test/scaleout/durability.test.ts.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
let port = 0;
const children: ChildProcess[] = [];
let site: ChangingSite;
let dataDir: string;

const embedded: Deployment = {
  get api() {
    return `http://127.0.0.1:${port}/api/v1`;
  },
  async start() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/serve.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        ...durableEnv(site),
      },
      stdio: 'ignore',
    });
    children.push(child);
    await until('the server', async () => (await fetch(`${this.api}/health`)).ok, 90_000);
  },
  killAll() {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  },
};

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'docent-durable-'));
  site = await startDurableSite();
});

afterAll(async () => {
  embedded.killAll();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 of the embedded server', () => {
  it('keeps every acknowledged message and completes the interrupted crawl', async () => {
    await killDuringCrawlAndBurst(embedded, site, 'durable@example.com');
  }, 720_000);
});
