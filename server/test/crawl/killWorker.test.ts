import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/open.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { enqueueTask } from '../../src/jobs/queue.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'workerChild.ts');
const PAGES = 30;

let site: FixtureSite;
let dataDir: string;

// A slow site: 30 pages of ~8 KB text each, 250 ms per page, so the crawl takes several seconds.
const text = (i: number) =>
  Array.from(
    { length: 12 },
    (_, p) => `<h2>Part ${p}</h2><p>${`Page ${i} part ${p} explains the slow topic in detail. `.repeat(12)}</p>`,
  ).join('');

beforeAll(async () => {
  site = await startSite(() => ({
    '/': {
      html: `<main><h1>Slow docs</h1>${text(0)}${Array.from({ length: PAGES - 1 }, (_, i) => `<a href="/p${i + 1}.html">p${i + 1}</a>`).join(' ')}</main>`,
    },
    ...Object.fromEntries(
      Array.from({ length: PAGES - 1 }, (_, i) => [
        `/p${i + 1}.html`,
        { delayMs: 250, then: { html: `<main><h1>Page ${i + 1}</h1>${text(i + 1)}</main>` } },
      ]),
    ),
  }));
  dataDir = mkdtempSync(path.join(tmpdir(), 'docent-kill-'));
});

afterAll(async () => {
  await site.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Line {
  status: string;
  attempts: number;
  error: string | null;
  documents: number;
}

function runChild(env: Record<string, string>, until: (l: Line) => boolean): { child: ChildProcess; reached: Promise<Line> } {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const reached = new Promise<Line>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d) => {
      buf += d;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = JSON.parse(buf.slice(0, nl)) as Line;
        buf = buf.slice(nl + 1);
        if (until(line)) resolve(line);
      }
    });
    child.on('exit', (code, signal) =>
      reject(new Error(`worker exited (${code ?? signal}) before the expected state: ${stderr.slice(-2000)}`)),
    );
  });
  return { child, reached };
}

describe('a worker killed with SIGKILL mid-crawl', () => {
  it('loses nothing committed; the task is retried after its lease expires and completes', async () => {
    const env = {
      DATA_DIR: dataDir,
      CRAWL_ALLOW_HOSTS: site.host,
      CRAWL_CONCURRENCY: '2',
      TASK_LEASE_SECONDS: '5',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
    };
    const config = loadConfig(env);
    let db = await openDatabase(config);
    const marker = await insertChatbot(db, { ownerUid: 'owner' });
    await db.query(
      `INSERT INTO documents (id, chatbot_id, url, title, content, content_hash) VALUES ($1, $2, 'http://x/', 'Marker', 'kept', 'h')`,
      [randomUUID(), marker.id],
    );
    const bot = await insertChatbot(db, { ownerUid: 'owner', startUrl: `${site.origin}/` });
    const task = await enqueueTask(db, {
      chatbotId: bot.id,
      taskType: 'crawl_and_index',
      params: { url: `${site.origin}/`, max_depth: 1, max_pages: 100 },
      maxAttempts: 3,
    });
    await db.close();

    // First worker: wait until it has committed some documents, then kill -9 it.
    const first = runChild({ ...env, WATCH_TASK: task.id }, (l) => l.status === 'running' && l.documents >= 8);
    const mid = await first.reached;
    expect(mid.documents).toBeLessThan(PAGES);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    // Second worker: takes over the data dir (stale lock), returns the expired lease to the queue, retries.
    const second = runChild({ ...env, WATCH_TASK: task.id }, (l) => l.status === 'completed' || l.status === 'failed');
    const done = await second.reached;
    await new Promise((r) => second.child.once('exit', r));
    expect(done).toMatchObject({ status: 'completed', attempts: 2 });

    db = await openDatabase(config);
    try {
      const docs = await db.query<{ url: string }>('SELECT url FROM documents WHERE chatbot_id = $1 AND live', [bot.id]);
      expect(docs).toHaveLength(PAGES);
      expect(new Set(docs.map((d) => d.url)).size).toBe(PAGES); // the retry cleared the first attempt's rows
      const [orphans] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = c.document_id)',
      );
      expect(orphans!.n).toBe(0);
      const kept = await db.query<{ title: string }>('SELECT title FROM documents WHERE chatbot_id = $1', [marker.id]);
      expect(kept).toEqual([{ title: 'Marker' }]);
      const [row] = await db.query<{ error: string | null; finished: boolean }>(
        'SELECT error, finished_at IS NOT NULL AS finished FROM tasks WHERE id = $1',
        [task.id],
      );
      expect(row).toEqual({ error: null, finished: true });
    } finally {
      await db.close();
    }
  }, 120_000);
});
