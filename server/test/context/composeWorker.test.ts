import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../../shared/src/api/types.js';
import { composeWorker, type ComposedWorker } from '../../src/context/composeWorker.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { openTestDb } from '../helpers/db.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

/**
 * `npm run worker` builds its database and task worker with composeWorker: an app without a worker
 * takes a crawl, a worker composed apart from it (on the same database, as on PostgreSQL) runs it.
 */
let t: TestApp;
let site: FixtureSite;
let composed: ComposedWorker | undefined;
const quiet = { info() {}, warn() {}, error() {} };
const email = 'compose-worker@example.com';

beforeAll(async () => {
  site = await startSite();
  t = await buildTestApp({ env: { CRAWL_ALLOW_HOSTS: site.host }, wakeWorker: () => composed?.worker.wake() });
});

afterAll(async () => {
  await composed?.close();
  await t?.close();
  await site?.close();
});

const request = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${await idTokenFor(email)}` }, payload });

const taskStatus = async (botId: string, taskId: string): Promise<string | undefined> => {
  const res = await request('GET', `/crawl-and-index/tasks/${botId}?task_type=all`);
  return (res.json().data as Task[]).find((x) => x.id === taskId)?.status;
};

const until = async (check: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
};

describe('composeWorker', () => {
  it("runs the app's tasks, and its close stops it without closing a database it was lent", async () => {
    composed = await composeWorker(t.config, { db: t.db, keepDb: true, log: quiet, tuning: { pollMs: 100 } });
    const res = await request('POST', '/crawl-and-index', { url: `${site.origin}/`, max_depth: 1, max_pages: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const { chatbot_id, task_id } = res.json().data as { chatbot_id: string; task_id: string };
    expect(await until(async () => (await taskStatus(chatbot_id, task_id)) === 'completed', 20_000)).toBe(true);

    const closing = composed.close();
    expect(composed.close(), 'closing twice is the same close').toBe(closing);
    await closing;
    expect(composed.worker.running()).toBe(false);

    // The app still answers from the database; a new crawl waits in the queue for a worker.
    const again = await request('POST', '/crawl-and-index', { url: `${site.origin}/`, max_depth: 1, max_pages: 3 });
    expect(again.statusCode, again.body).toBe(200);
    const next = again.json().data as { chatbot_id: string; task_id: string };
    await new Promise((r) => setTimeout(r, 500));
    expect(await taskStatus(next.chatbot_id, next.task_id)).toBe('queued');
  }, 40_000);

  it('closes the database and starts no worker when a start-up step fails', async () => {
    const db = await openTestDb();
    await expect(
      composeWorker(t.config, {
        db,
        log: quiet,
        beforeWorker: () => Promise.reject(new Error('announce failed')),
      }),
    ).rejects.toThrow('announce failed');
    await expect(db.query('SELECT 1')).rejects.toThrow();
  });
});
