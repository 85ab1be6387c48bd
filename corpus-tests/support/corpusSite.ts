import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadConfig } from '../../server/src/config.js';
import type { Db } from '../../server/src/db/db.js';
import { migrate } from '../../server/src/db/migrate.js';
import { openPglite } from '../../server/src/db/pglite.js';
import { insertChatbot } from '../../server/src/db/repositories/chatbots.js';
import { runIndexingPipeline, type PipelineResult } from '../../server/src/index/pipeline.js';

/** One dev corpus served by its own script (which installs the Debian package if missing), crawled into PGlite. */
export interface CrawledCorpus {
  origin: string;
  db: Db;
  botId: string;
  result: PipelineResult;
  close(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export async function crawlCorpus(script: string, maxDepth: number): Promise<CrawledCorpus> {
  // The corpus is required: a missing corpus fails the suite loudly instead of skipping it.
  if (!existsSync(script)) throw new Error(`The corpus is missing: ${script} not found (expected ../shared/corpora beside the repo).`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn('bash', [script, String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr!.on('data', (d) => (stderr += d));
  for (let i = 0; ; i++) {
    // Read the body: an unread response on a closing HTTP/1.0 connection trips undici.
    if (
      await fetch(`${origin}/index.html`).then(
        async (r) => (await r.arrayBuffer(), r.ok),
        () => false,
      )
    )
      break;
    if (server.exitCode !== null || i > 1500) {
      server.kill('SIGTERM');
      throw new Error(`${script} did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const db = await openPglite(undefined);
  await migrate(db);
  const botId = (await insertChatbot(db, { ownerUid: 'corpus' })).id;
  const config = loadConfig({ CRAWL_ALLOW_HOSTS: `127.0.0.1:${port}`, CRAWL_CONCURRENCY: '4', LOG_LEVEL: 'silent' });
  const result = await runIndexingPipeline({
    db,
    config,
    chatbotId: botId,
    taskId: randomUUID(),
    mode: { kind: 'crawl', url: `${origin}/index.html`, maxDepth, maxPages: 1000 },
  });
  return {
    origin,
    db,
    botId,
    result,
    async close() {
      server.kill('SIGTERM');
      await db.close();
    },
  };
}
