import type { Task } from '../../../shared/src/api/types.js';
import type { Worker } from '../../src/jobs/worker.js';
import { buildTestApp, type TestApp } from './app.js';

const quiet = { info() {}, warn() {}, error() {} };

/** The real app with an in-process worker that a new task wakes at once, as `npm start` runs them. */
export async function buildCrawlApp(env: Record<string, string>): Promise<{ t: TestApp; worker: Worker; close(): Promise<void> }> {
  const t = await buildTestApp({ env, worker: { log: quiet, pollMs: 100, leaseSeconds: 30 } });
  return { t, worker: t.worker!, close: t.close };
}

/** The task once it has completed or failed, read through the owner's tasks route (30 s unless told). */
export async function waitForTask(
  t: TestApp,
  auth: Record<string, string>,
  botId: string,
  taskId: string,
  withinMs = 30_000,
): Promise<Task> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/crawl-and-index/tasks/${botId}?task_type=all`, headers: auth });
    const task = (res.json().data as Task[]).find((x) => x.id === taskId);
    if (task && (task.status === 'completed' || task.status === 'failed')) return task;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`task did not finish within ${withinMs} ms`);
}

/** A new bot crawled from `url` through POST /crawl-and-index, once its task has completed. */
export async function crawlNewBot(
  t: TestApp,
  auth: Record<string, string>,
  url: string,
  limits: { max_depth: number; max_pages: number },
  /** How long the crawl may take (waitForTask's default unless told). */
  withinMs?: number,
): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/crawl-and-index', headers: auth, payload: { url, ...limits } });
  if (res.statusCode !== 200) throw new Error(`crawl-and-index answered ${res.statusCode}: ${res.body}`);
  const { chatbot_id, task_id } = res.json().data as { chatbot_id: string; task_id: string };
  const task = await waitForTask(t, auth, chatbot_id, task_id, withinMs);
  if (task.status !== 'completed') throw new Error(`the crawl task ${task.status}`);
  return chatbot_id;
}
