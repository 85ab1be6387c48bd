import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../../shared/src/api/types.js';
import { DISK_FULL_DETAIL, DISK_FULL_RETRY_AFTER_SECONDS } from '../../src/db/diskFull.js';
import { registerHandlers } from '../../src/jobs/handlers/index.js';
import { HandlerRegistry } from '../../src/jobs/registry.js';
import { startWorker, type Worker } from '../../src/jobs/worker.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { openTestDb } from '../helpers/db.js';
import { fillableDb, type FillableDb } from '../helpers/diskFullDb.js';
import { sitePage, startChangingSite, type ChangingSite } from '../fixtures/sites/changingSite.js';

/**
 * Issue 36: the disk fills up while a crawl runs and visitors send a burst of messages. Writes
 * answer 503 with a clear detail and Retry-After (not a bare 500), nothing the server acknowledged
 * is lost, and once space returns the messages go through again and the crawl completes, without
 * a restart. The full disk is injected at the database door (test/helpers/diskFullDb.ts).
 */
const quiet = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let site: ChangingSite;
let db: FillableDb;
let t: TestApp;
let worker: Worker;

beforeAll(async () => {
  const links = Array.from({ length: 30 }, (_, i) => `/p${i}.html`);
  site = await startChangingSite({
    '/': sitePage('Home', 'A home page with links to thirty pages.', links),
    ...Object.fromEntries(links.map((l, i) => [l, sitePage(`Page ${i}`, `Page ${i} explains how to read a file at length.`, links)])),
  });
  site.delayMs = 150;
  db = fillableDb(await openTestDb());
  const woken: { worker?: Worker } = {};
  t = await buildTestApp({
    db,
    env: { CRAWL_ALLOW_HOSTS: site.host, RATE_LIMIT_IP_PER_MINUTE: '1000000', RATE_LIMIT_VISITOR_MESSAGES_PER_MINUTE: '1000000' },
    wakeWorker: () => woken.worker?.wake(),
  });
  worker = woken.worker = startWorker({
    db,
    config: t.config,
    registry: registerHandlers(new HandlerRegistry()),
    log: quiet,
    pollMs: 100,
    leaseSeconds: 3,
  });
});

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await db?.close();
  await site?.close();
});

describe('a full disk', () => {
  it('answers writes 503 with Retry-After and a detail, loses no acknowledged message, and recovers', async () => {
    const auth = { authorization: `Bearer ${await idTokenFor('diskfull@example.com')}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/crawl-and-index',
      headers: auth,
      payload: { url: `${site.origin}/`, max_depth: 1, max_pages: 31 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { chatbot_id: bot, task_id: taskId } = created.json().data as { chatbot_id: string; task_id: string };

    const visitors = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const visitor = newVisitorId();
        const res = await t.app.inject({ method: 'POST', url: `/api/v1/chatbots/${bot}/conversations`, payload: { visitor_id: visitor } });
        expect(res.statusCode).toBe(201);
        return { visitor, conversation: res.json().data.id as string, acknowledged: [] as string[] };
      }),
    );
    const refusals: { status: number; retryAfter: unknown; detail: unknown }[] = [];
    let stop = false;
    const burst = visitors.map(async (v) => {
      for (let i = 0; !stop; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/chatbots/${bot}/conversations/${v.conversation}/messages`,
          payload: { content: `How do I read a file, question ${i}?`, visitor_id: v.visitor },
        });
        if (res.statusCode === 200) {
          const data = res.json().data as { user_message: { id: string }; assistant_message: { id: string } };
          v.acknowledged.push(data.user_message.id, data.assistant_message.id);
        } else {
          refusals.push({ status: res.statusCode, retryAfter: res.headers['retry-after'], detail: res.json().detail });
          await sleep(20);
        }
      }
    });
    const acked = () => visitors.reduce((n, v) => n + v.acknowledged.length, 0);
    const waitFor = async (what: string, ok: () => Promise<boolean> | boolean, ms: number) => {
      for (const end = Date.now() + ms; !(await ok()); await sleep(50)) if (Date.now() > end) throw new Error(`timed out: ${what}`);
    };

    // The crawl and the burst under way, then the disk fills up.
    const task = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/crawl-and-index/tasks/${bot}`, headers: auth })).json().data[0];
    await waitFor('the crawl and the burst', async () => acked() >= 20 && (await task())?.status === 'running', 60_000);
    db.full = true;
    await waitFor('refused writes', () => refusals.length >= 20, 30_000);
    // A visitor on the streamed answer (the headers are already sent) gets the same detail as an event.
    const streamed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chatbots/${bot}/conversations/${visitors[0]!.conversation}/messages`,
      headers: { accept: 'text/event-stream' },
      payload: { content: 'How do I write a file?', visitor_id: visitors[0]!.visitor },
    });
    db.full = false;
    expect(streamed.body).toContain(`event: error\ndata: ${JSON.stringify({ detail: DISK_FULL_DETAIL })}`);
    const before = acked();
    await waitFor('messages going through again', () => acked() >= before + 16, 30_000);
    stop = true;
    await Promise.all(burst);

    expect(db.refused).toBeGreaterThan(0);
    expect(refusals.length).toBeGreaterThanOrEqual(20);
    for (const r of refusals) {
      expect(r).toEqual({ status: 503, retryAfter: String(DISK_FULL_RETRY_AFTER_SECONDS), detail: DISK_FULL_DETAIL });
    }

    // Every message the server acknowledged is there, in every conversation.
    for (const v of visitors) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/chatbots/${bot}/conversations/${v.conversation}/messages?visitor_id=${v.visitor}&limit=200`,
      });
      const ids = new Set((res.json().data.messages as { id: string }[]).map((m) => m.id));
      expect(v.acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    }

    // The crawl that lost its writes is taken up again and completes with every page.
    const ours = async () =>
      (
        (await t.app.inject({ method: 'GET', url: `/api/v1/crawl-and-index/tasks/${bot}?task_type=all`, headers: auth })).json()
          .data as Task[]
      ).find((x) => x.id === taskId);
    await waitFor('the crawl to complete', async () => (await ours())?.status === 'completed', 120_000);
    expect((await ours())?.progress.indexed).toBe(31);
  }, 240_000);
});
