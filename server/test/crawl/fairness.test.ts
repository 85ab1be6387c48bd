import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../../shared/src/api/types.js';
import { registerHandlers } from '../../src/jobs/handlers/index.js';
import { HandlerRegistry } from '../../src/jobs/registry.js';
import { startWorker, type Worker } from '../../src/jobs/worker.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

/** A host that accepts connections and never answers a single request. */
async function startSilentHost(): Promise<{ origin: string; host: string; close(): Promise<void> }> {
  const server = http.createServer(() => {});
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin: `http://${host}`,
    host,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

let t: TestApp;
let site: FixtureSite;
let silent: Awaited<ReturnType<typeof startSilentHost>>;
let worker: Worker;
const quiet = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  site = await startSite();
  silent = await startSilentHost();
  let wake = () => {};
  // The worker runs with the product's defaults for slots; only the per-request timeout is short.
  t = await buildTestApp({ env: { CRAWL_ALLOW_HOSTS: `${site.host},${silent.host}`, CRAWL_TIMEOUT_MS: '1000' }, wakeWorker: () => wake() });
  worker = startWorker({
    db: t.db,
    config: t.config,
    registry: registerHandlers(new HandlerRegistry()),
    log: quiet,
    pollMs: 100,
    leaseSeconds: 30,
  });
  wake = () => worker.wake();
});

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await silent?.close();
  await site?.close();
});

const post = async (email: string, url: string, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${await idTokenFor(email)}` },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { chatbot_id: string; task_id: string };
};

const taskOf = async (email: string, botId: string, taskId: string): Promise<Task> => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/crawl-and-index/tasks/${botId}?task_type=all`,
    headers: { authorization: `Bearer ${await idTokenFor(email)}` },
  });
  return (res.json().data as Task[]).find((x) => x.id === taskId)!;
};

const until = async (check: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
};

describe('indexing with one owner on a host that never answers', () => {
  it("does not hold up another owner's crawl, and gives up on the stalled host quickly", async () => {
    const slowUrls = Array.from({ length: 200 }, (_, i) => `${silent.origin}/page-${i}.html`);
    const slow = await post('slow-owner@example.com', '/indexing/index-urls', { urls_to_index: slowUrls, name: 'Slow', description: '' });
    expect(
      await until(async () => (await taskOf('slow-owner@example.com', slow.chatbot_id, slow.task_id)).status === 'running', 10_000),
    ).toBe(true);

    const started = Date.now();
    const normal = await post('normal-owner@example.com', '/crawl-and-index', { url: `${site.origin}/`, max_depth: 1, max_pages: 5 });
    const done = await until(
      async () => (await taskOf('normal-owner@example.com', normal.chatbot_id, normal.task_id)).status === 'completed',
      15_000,
    );
    expect(done, 'the normal owner’s crawl completes while the slow one runs').toBe(true);
    expect(Date.now() - started).toBeLessThan(15_000);

    // 200 URLs × 1 s / 4 at a time would be 50 s; a stalled host is given up after a few time-outs
    // (the attempt ends: pending for a retry later, the host may come back).
    const slowTask = () => taskOf('slow-owner@example.com', slow.chatbot_id, slow.task_id);
    const attemptEnded = await until(async () => ['pending', 'failed'].includes((await slowTask()).status), 15_000);
    expect(attemptEnded, JSON.stringify(await slowTask())).toBe(true);
    expect(await slowTask()).toMatchObject({ progress: { failed: 200 }, error: 'No pages could be indexed (200 failed, 0 skipped).' });
  }, 60_000);
});
