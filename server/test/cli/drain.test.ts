import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/open.js';
import { startServer } from '../../src/main.js';
import { sitePage, startChangingSite, type ChangingSite } from '../fixtures/sites/changingSite.js';
import { emulatorHost, idTokenFor } from '../helpers/auth.js';

/**
 * A graceful shutdown (what SIGTERM and SIGINT run): the server stops taking connections, answers
 * the requests already in flight, and the worker hands its running task back to the queue without
 * spending an attempt, so the next process picks it up at once.
 */
let site: ChangingSite;
let dataDir: string;

beforeAll(async () => {
  const links = Array.from({ length: 30 }, (_, i) => `/p${i}.html`);
  site = await startChangingSite({
    '/': sitePage('Home', 'A home page with links to thirty pages.', links),
    ...Object.fromEntries(links.map((l, i) => [l, sitePage(`Page ${i}`, `Page ${i} explains one thing at length.`, links)])),
  });
  site.delayMs = 700;
  dataDir = mkdtempSync(path.join(tmpdir(), 'docent-drain-'));
});

afterAll(async () => {
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('graceful shutdown', () => {
  it('answers the requests in flight, refuses new connections and hands the running task back', async () => {
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      CRAWL_ALLOW_HOSTS: site.host,
      TASK_POLL_MS: '50',
      LOG_LEVEL: 'silent',
    };
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost(); // firebase-admin reads it from here
    const config = loadConfig(env);
    const running = await startServer(config, 'serve');
    const api = `http://127.0.0.1:${(running.app.server.address() as AddressInfo).port}/api/v1`;
    const headers = { authorization: `Bearer ${await idTokenFor('drain@example.com')}`, 'content-type': 'application/json' };

    const created = await fetch(`${api}/crawl-and-index`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `${site.origin}/`, max_depth: 1, max_pages: 30 }),
    });
    const body = await created.json();
    expect(created.status, JSON.stringify(body)).toBe(200);
    const { chatbot_id: bot, task_id: taskId } = body.data as { chatbot_id: string; task_id: string };
    for (let i = 0; i < 100; i++) {
      const [task] = (await (await fetch(`${api}/crawl-and-index/tasks/${bot}`, { headers })).json()).data as { status: string }[];
      if (task?.status === 'running') break;
      await sleep(50);
    }

    // A slow request (every page of the site takes 700 ms) is under way when the shutdown begins.
    const inFlight = fetch(`${api}/indexing/collect-urls`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `${site.origin}/`, max_depth: 1, max_pages: 3 }),
    });
    await sleep(200);
    const closing = running.close();
    await sleep(100);
    // A new request is not served: its connection is refused (or, on a socket already open, 503).
    const late = await fetch(`${api}/health`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect(['refused', 503]).toContain(late);

    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect((await answered.json()).data.count).toBeGreaterThan(0);
    await closing;

    const db = await openDatabase(config);
    try {
      const [task] = await db.query<{ status: string; attempts: number; locked_by: string | null }>(
        'SELECT status, attempts, locked_by FROM tasks WHERE id = $1',
        [taskId],
      );
      expect(task).toEqual({ status: 'queued', attempts: 0, locked_by: null });
    } finally {
      await db.close();
    }
  }, 60_000);
});
