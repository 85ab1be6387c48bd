import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureSharedExtractPool, type ExtractPoolLog } from '../../src/crawl/extractPool.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, waitForTask } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

/**
 * A crawl whose extraction worker can never start (a broken install): pages wait for the pool's
 * wait limit, not for ever, and the task then fails with the reason rather than hanging or
 * reporting nothing. Real worker threads that die before they are ready, a real local site, the
 * real app and task worker on PGlite.
 */
const UNAVAILABLE = 'Extraction unavailable: the server could not start an extraction worker (details in the server log)';
const WAIT_LIMIT_MS = 4000;
let spawned = 0;
const spawnWorker = () => (spawned++, new Worker('throw new Error("this worker never starts")', { eval: true }));
const lines: { msg: string; obj: object }[] = [];
const log: ExtractPoolLog = { warn: (obj, msg) => void lines.push({ obj, msg }), error: (obj, msg) => void lines.push({ obj, msg }) };
configureSharedExtractPool({ threads: 1, startTimeoutMs: 1000, waitLimitMs: WAIT_LIMIT_MS, spawnWorker, log });

const doc = (title: string, links = '') =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>
  <p>${`${title} is explained here step by step. `.repeat(8)}</p>${links}</main></body></html>`;

let site: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;

beforeAll(async () => {
  site = await startSite(() => ({
    '/': { html: doc('Handbook', '<a href="/a.html">a</a> <a href="/b.html">b</a>') },
    '/a.html': { html: doc('Chapter A') },
    '/b.html': { html: doc('Chapter B') },
  }));
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host });
});
afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

describe('an extraction worker that can never start', () => {
  it('ends the crawl with a clear task error after the wait limit', async () => {
    const auth = { authorization: `Bearer ${await idTokenFor('no-worker@example.com')}` };
    const t0 = Date.now();
    const res = await crawl.t.app.inject({
      method: 'POST',
      url: '/api/v1/crawl-and-index',
      headers: auth,
      payload: { url: `${site.origin}/`, max_depth: 1, max_pages: 20 },
    });
    expect(res.statusCode).toBe(200);
    const { chatbot_id, task_id } = res.json().data as { chatbot_id: string; task_id: string };
    const task = await waitForTask(crawl.t, auth, chatbot_id, task_id, 120_000);
    const tookMs = Date.now() - t0;

    expect(task.status).toBe('failed');
    expect(task.error).toBe(`Could not crawl ${site.origin}/: ${UNAVAILABLE}`);
    expect(tookMs).toBeGreaterThanOrEqual(WAIT_LIMIT_MS); // the start page waited for the retries first
    const rows = await crawl.t.db.query<{ url: string; status: string; error: string | null }>(
      'SELECT url, status, error FROM sources WHERE chatbot_id = $1',
      [chatbot_id],
    );
    expect(rows).toEqual([{ url: `${site.origin}/`, status: 'failed', error: UNAVAILABLE }]);
    // Several starts were tried while it waited, and the give-up is logged.
    expect(spawned).toBeGreaterThanOrEqual(2);
    expect(lines.map((l) => l.msg)).toContain('page extraction unavailable: waiting pages failed');
  }, 150_000);
});
