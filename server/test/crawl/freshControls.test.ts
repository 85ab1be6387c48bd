import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rebuildTermStats } from '../../src/db/repositories/termStats.js';
import { claimSwap } from '../../src/db/repositories/tasks.js';
import { runIndexingPipeline } from '../../src/index/pipeline.js';
import { STOPPED_REASON, stopTask } from '../../src/jobs/queue.js';
import { enqueueDueRecrawls } from '../../src/jobs/schedule.js';
import { sitePage } from '../fixtures/sites/changingSite.js';
import { freshSuite, nav, words } from '../helpers/freshSite.js';

/** Against a site that changes between crawls: single sources, Stop and the re-crawl schedule. */
const { f, call, waitForTask, getBot, liveDocs, stagedDocs, totals, newBot, refresh } = freshSuite('fresh-controls');

describe('single sources', () => {
  it('add one page, re-index one changed page, or remove one, leaving every other page as it was', async () => {
    const bot = await newBot({ max_depth: 1 });
    const before = await liveDocs(bot);
    const sources = (id: string) => `/chatbots/${id}/sources`;
    const wait = async (res: { json(): { data: { task_id: string } } }) => waitForTask(bot, res.json().data.task_id);

    f.site.pages.set('/extra.html', sitePage('Extra', words('an extra page nobody links to'), []));
    const add = await call('POST', sources(bot), { url: `${f.site.origin}/extra.html` });
    expect(add.statusCode).toBe(200);
    expect(await wait(add)).toMatchObject({ status: 'completed', task_type: 'index_page' });
    const added = await liveDocs(bot);
    expect(added.map((d) => d.url)).toEqual([...before.map((d) => d.url), `${f.site.origin}/extra.html`].sort());
    expect(added.filter((d) => !d.url.endsWith('/extra.html'))).toEqual(before);
    expect((await getBot(bot)).urls).toContainEqual(expect.objectContaining({ url: `${f.site.origin}/extra.html`, status: 'indexed' }));

    // Re-indexing one page that changed replaces just that page.
    f.site.pages.set('/docs/a.html', sitePage('Alpha', words('alpha, now about wombats'), nav));
    expect(await wait(await call('POST', sources(bot), { url: `${f.site.origin}/docs/a.html` }))).toMatchObject({ status: 'completed' });
    const reindexed = await liveDocs(bot);
    expect(reindexed.find((d) => d.url.endsWith('/docs/a.html'))!.content).toContain('wombats');
    expect(reindexed.filter((d) => !d.url.endsWith('/docs/a.html'))).toEqual(added.filter((d) => !d.url.endsWith('/docs/a.html')));

    // Removing one takes it out of the answers at once, its source with it.
    const del = await f.t.app.inject({
      method: 'DELETE',
      url: `/api/v1${sources(bot)}?url=${encodeURIComponent(`${f.site.origin}/docs/b.html`)}`,
      headers: f.auth,
    });
    expect(del.statusCode).toBe(200);
    expect((await liveDocs(bot)).some((d) => d.url.endsWith('/docs/b.html'))).toBe(false);
    expect((await getBot(bot)).urls!.some((u) => u.url.endsWith('/docs/b.html'))).toBe(false);
    const kept = await totals(bot);
    await rebuildTermStats(f.t.db, bot);
    expect(await totals(bot)).toEqual(kept);

    const again = await f.t.app.inject({
      method: 'DELETE',
      url: `/api/v1${sources(bot)}?url=${encodeURIComponent(`${f.site.origin}/docs/b.html`)}`,
      headers: f.auth,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe('Source not found');
    const bad = await call('POST', sources(bot), { url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].msg).toBe('Invalid URL format.');
    expect((await call('POST', sources(bot), { url: `${f.site.origin}/x.html` }, f.other)).statusCode).toBe(404);
    const theirs = await f.t.app.inject({
      method: 'DELETE',
      url: `/api/v1${sources(bot)}?url=${encodeURIComponent(`${f.site.origin}/docs/c.html`)}`,
      headers: f.other,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await liveDocs(bot)).some((d) => d.url.endsWith('/docs/c.html'))).toBe(true);
  });
});

/** A task row a worker holds, without a worker: the tests below play the worker's part. */
async function runningTask(botId: string): Promise<string> {
  const id = randomUUID();
  await f.t.db.query(`INSERT INTO tasks (id, chatbot_id, task_type, status, started_at) VALUES ($1, $2, 'crawl', 'running', now())`, [
    id,
    botId,
  ]);
  return id;
}

describe('Stop', () => {
  it('cancels a running refresh cleanly: the old content stays live and nothing staged is left', async () => {
    const bot = await newBot();
    const before = await liveDocs(bot);
    for (const path of ['/docs/a.html', '/docs/c.html']) f.site.pages.set(path, sitePage('Changed', words(`changed ${path}`), nav));
    f.site.delayMs = 400;
    try {
      const res = await call('POST', '/indexing/crawl', { chatbot_id: bot });
      const taskId = res.json().data.task_id as string;
      for (let i = 0; i < 100; i++) {
        const task = (await getBot(bot)).latest_task!;
        if (task.status === 'running' && task.progress.discovered > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await call('POST', `/crawl-and-index/tasks/${bot}/${taskId}/stop`, {}, f.other)).statusCode).toBe(404);
      const stop = await call('POST', `/crawl-and-index/tasks/${bot}/${taskId}/stop`, {});
      expect(stop.statusCode).toBe(200);
      const task = await waitForTask(bot, taskId);
      expect(task).toMatchObject({ status: 'failed', error: STOPPED_REASON });
      // The worker has let go of it: no staged rows, the live pages untouched.
      for (let i = 0; i < 100 && (await stagedDocs(bot)) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await stagedDocs(bot)).toBe(0);
      expect(await liveDocs(bot)).toEqual(before);
      const again = await call('POST', `/crawl-and-index/tasks/${bot}/${taskId}/stop`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('This task has already finished.');
    } finally {
      f.site.delayMs = 0;
    }
    // A new refresh can start at once and goes through.
    expect((await refresh(bot)).status).toBe('completed');
  });

  // A Stop the worker has not noticed yet (its lease renewal tells it within seconds) must still win
  // if it lands before the swap; once the swap holds the task, a Stop is refused, not misreported.
  it('landing after the crawl but before its swap, wins: nothing of the refresh goes live', async () => {
    const bot = await newBot({ max_depth: 1 });
    const before = await liveDocs(bot);
    f.site.pages.set('/docs/a.html', sitePage('Alpha', words('alpha, now about wombats'), nav));
    const taskId = await runningTask(bot);
    let stopped = false;
    const result = await runIndexingPipeline({
      db: f.t.db,
      config: f.t.config,
      chatbotId: bot,
      taskId,
      mode: { kind: 'crawl', url: `${f.site.origin}/`, maxDepth: 1, maxPages: 20 },
      progress: async () => void (stopped ||= await stopTask(f.t.db, taskId)),
    });
    expect(stopped).toBe(true);
    expect(result.stoppedBy).toBe('aborted');
    expect(await liveDocs(bot)).toEqual(before);
    expect(await stagedDocs(bot)).toBe(0);
    const [task] = await f.t.db.query<{ status: string; error: string; swapped_at: unknown }>(
      'SELECT status, error, swapped_at FROM tasks WHERE id = $1',
      [taskId],
    );
    expect(task).toMatchObject({ status: 'failed', error: STOPPED_REASON, swapped_at: null });
  });

  it('waiting on a swap in progress, is refused: the new content is live and the task finishing', async () => {
    const bot = await newBot({ max_depth: 0 });
    const taskId = await runningTask(bot);
    let stop: Promise<boolean> | undefined;
    await f.t.db.transaction(async (tx) => {
      expect(await claimSwap(tx, taskId)).toBe(true);
      stop = stopTask(f.t.db, taskId); // on PostgreSQL it blocks on the row lock until the commit
      await new Promise((r) => setTimeout(r, 150));
    });
    expect(await stop).toBe(false);
    const res = await call('POST', `/crawl-and-index/tasks/${bot}/${taskId}/stop`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This task has already finished.');
    // Play the worker's last step, so this owner's next tasks are not held behind a running one.
    await f.t.db.query(`UPDATE tasks SET status = 'completed', finished_at = now() WHERE id = $1`, [taskId]);
  });

  it('a task of another bot or an unknown task is not found', async () => {
    const bot = await newBot({ max_depth: 0 });
    const res = await call('POST', `/crawl-and-index/tasks/${bot}/00000000-0000-4000-8000-000000000000/stop`, {});
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Task not found');
  });
});

describe('scheduled re-crawl', () => {
  it('is set per bot, queued by the worker when due, never twice at once, and survives a restart', async () => {
    const bot = await newBot({ max_depth: 0 });
    const bad = await call('PATCH', `/chatbots/${bot}`, { recrawl_schedule: 'hourly' });
    expect(bad.json().detail[0].msg).toBe("recrawl_schedule must be 'off', 'daily' or 'weekly'");
    const set = await call('PATCH', `/chatbots/${bot}`, { recrawl_schedule: 'weekly' });
    const next = Date.parse(set.json().data.next_recrawl_at as string);
    expect(next - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(next - Date.now()).toBeLessThan(7.1 * 86_400_000);
    // Choosing it again keeps the due time; switching to daily restarts the count.
    expect(Date.parse((await call('PATCH', `/chatbots/${bot}`, { recrawl_schedule: 'weekly' })).json().data.next_recrawl_at)).toBe(next);
    const daily = Date.parse((await call('PATCH', `/chatbots/${bot}`, { recrawl_schedule: 'daily' })).json().data.next_recrawl_at);
    expect(daily - Date.now()).toBeLessThan(1.1 * 86_400_000);

    // Due now (as after a restart that slept through it): the stored due time is all it takes.
    await f.t.db.query(`UPDATE chatbots SET next_recrawl_at = now() - interval '1 minute' WHERE id = $1`, [bot]);
    await f.crawl.worker.stop();
    expect(await enqueueDueRecrawls(f.t.db, 3)).toBe(1);
    await f.t.db.query(`UPDATE chatbots SET next_recrawl_at = now() - interval '1 minute' WHERE id = $1`, [bot]);
    expect(await enqueueDueRecrawls(f.t.db, 3)).toBe(0); // one is already waiting
    const tasks = await f.t.db.query<{ id: string; task_type: string }>(
      `SELECT id, task_type FROM tasks WHERE chatbot_id = $1 AND status = 'queued'`,
      [bot],
    );
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.task_type).toBe('crawl');
    const row = await f.t.db.query<{ due: boolean }>(
      `SELECT next_recrawl_at > now() + interval '23 hours' AS due FROM chatbots WHERE id = $1`,
      [bot],
    );
    expect(row[0]!.due).toBe(true);
    // A hand refresh meanwhile is refused: one task per bot.
    expect((await call('POST', '/indexing/crawl', { chatbot_id: bot })).statusCode).toBe(409);

    // A worker started afterwards runs it.
    const { startWorker } = await import('../../src/jobs/worker.js');
    const { registerHandlers } = await import('../../src/jobs/handlers/index.js');
    const { HandlerRegistry } = await import('../../src/jobs/registry.js');
    const quiet = { info() {}, warn() {}, error() {} };
    const worker = startWorker({
      db: f.t.db,
      config: f.t.config,
      registry: registerHandlers(new HandlerRegistry()),
      log: quiet,
      pollMs: 100,
      leaseSeconds: 30,
    });
    try {
      expect((await waitForTask(bot, tasks[0]!.id)).status).toBe('completed');
    } finally {
      await worker.stop();
    }
    const off = await call('PATCH', `/chatbots/${bot}`, { recrawl_schedule: 'off' });
    expect(off.json().data).toMatchObject({ recrawl_schedule: 'off', next_recrawl_at: null });
  });
});
