import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/src/config.js';
import type { Db } from '../server/src/db/db.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';
import { runIndexingPipeline, type PipelineResult } from '../server/src/index/pipeline.js';

// The corpus is required: a missing corpus fails this suite loudly instead of skipping it.
const SCRIPT = path.resolve('../shared/corpora/serve-pydocs.sh');

let server: ChildProcess | undefined;
let origin: string;
let db: Db;
let botId: string;
let result: PipelineResult;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  if (!existsSync(SCRIPT)) throw new Error(`The Python docs corpus is missing: ${SCRIPT} not found (expected ../shared/corpora beside the repo).`);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn('bash', [SCRIPT, String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr!.on('data', (d) => (stderr += d));
  for (let i = 0; ; i++) {
    if (await fetch(`${origin}/index.html`).then((r) => r.ok, () => false)) break;
    if (server.exitCode !== null || i > 1500) throw new Error(`serve-pydocs.sh did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  db = await openPglite(undefined);
  await migrate(db);
  botId = (await insertChatbot(db, { ownerUid: 'corpus' })).id;
  const config = loadConfig({ CRAWL_ALLOW_HOSTS: `127.0.0.1:${port}`, CRAWL_CONCURRENCY: '4', LOG_LEVEL: 'silent' });
  result = await runIndexingPipeline({ db, config, chatbotId: botId, taskId: randomUUID(), mode: { kind: 'crawl', url: `${origin}/index.html`, maxDepth: 2, maxPages: 1000 } });
});

afterAll(async () => {
  server?.kill('SIGTERM');
  await db?.close();
});

describe('crawling the Python 3.11 docs (depth 2)', () => {
  it('indexes almost every page reachable within two clicks', async () => {
    // The README counts 517 pages within depth 2; a few are duplicates or errors.
    expect(result.indexed).toBeGreaterThanOrEqual(500);
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE chatbot_id = $1 AND live', [botId]);
    expect(row!.n).toBe(result.indexed);
  });

  it('records the missing changelog as a failed source with its HTTP status', async () => {
    const rows = await db.query<{ status: string; error: string }>('SELECT status, error FROM sources WHERE chatbot_id = $1 AND url = $2', [botId, `${origin}/whatsnew/changelog.html`]);
    expect(rows).toEqual([{ status: 'failed', error: 'HTTP 404' }]);
  });

  it('never follows the file:// canonical links', async () => {
    const docs = await db.query<{ url: string }>('SELECT url FROM documents WHERE chatbot_id = $1', [botId]);
    expect(docs.every((d) => d.url.startsWith(`${origin}/`))).toBe(true);
    const sources = await db.query<{ url: string }>('SELECT url FROM sources WHERE chatbot_id = $1', [botId]);
    expect(sources.some((s) => !s.url.startsWith(`${origin}/`))).toBe(false);
  });

  it('finds the right page for a question by full text', async () => {
    const q = `websearch_to_tsquery('english', 'lru_cache maxsize')`;
    const top = await db.query<{ url: string }>(
      `SELECT url FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ ${q} ORDER BY ts_rank_cd(tsv, ${q}) DESC LIMIT 5`,
      [botId],
    );
    expect(top.map((r) => r.url)).toContain(`${origin}/library/functools.html`);
  });
});
