/**
 * `npm run bench:maintenance`: what the after-crawl maintenance costs in a large embedded data dir.
 * The Python docs are indexed once and copied into filler bots (about 70,000 chunks in all), then
 * small crawls (12 pages) of new bots run one after another, each followed by either the old step
 * (`VACUUM ANALYZE chunks`) or the new one (`maintainAfterWrites`), alternating. Prints medians.
 *
 *   npm run bench:maintenance [-- --rounds=3 --fillers=4]
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { maintainAfterWrites } from '../server/src/db/maintenance.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';
import { runIndexingPipeline } from '../server/src/index/pipeline.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROUNDS = Number(args.rounds ?? 3);
const FILLERS = Number(args.fillers ?? 4);
const SITE_PORT = 39_500 + Math.floor(Math.random() * 400);

const site = spawn('bash', [path.resolve('../shared/corpora/serve-pydocs.sh'), String(SITE_PORT)], { stdio: 'ignore' });
const siteUrl = `http://127.0.0.1:${SITE_PORT}/index.html`;
const dir = mkdtempSync(path.join(tmpdir(), 'docent-maint-'));
try {
  for (
    let i = 0;
    !(await fetch(siteUrl).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 100) throw new Error('the Python docs server did not start (../shared/corpora/serve-pydocs.sh needs python3-doc)');
    await new Promise((r) => setTimeout(r, 200));
  }
  const config = loadConfig({ DATA_DIR: dir, CRAWL_ALLOW_HOSTS: new URL(siteUrl).host, LOG_LEVEL: 'silent' });
  const db = await openPglite(path.join(dir, 'pglite'));
  await migrate(db);
  const crawl = async (maxDepth: number, maxPages: number) => {
    const bot = await insertChatbot(db, { ownerUid: 'bench' });
    const t = performance.now();
    const r = await runIndexingPipeline({
      db,
      config,
      chatbotId: bot.id,
      taskId: randomUUID(),
      mode: { kind: 'crawl', url: siteUrl, maxDepth, maxPages },
    });
    return { bot: bot.id, ms: performance.now() - t, pages: r.indexed };
  };
  const docs = await crawl(2, 1000);
  for (let i = 0; i < FILLERS; i++) {
    const filler = await insertChatbot(db, { ownerUid: 'bench' });
    const doc = randomUUID();
    await db.query(`INSERT INTO documents (id, chatbot_id, url, content_hash) VALUES ($1, $2, 'https://filler.test/', 'h')`, [
      doc,
      filler.id,
    ]);
    await db.query(
      `INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, heading_path, content)
       SELECT $1, $2, ordinal, url, title, heading_path, content FROM chunks WHERE chatbot_id = $3`,
      [doc, filler.id, docs.bot],
    );
  }
  const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chunks')) as [{ n: number }];
  // A settled data dir: everything analysed and vacuumed once, as a long-running one would be.
  await db.query('VACUUM ANALYZE');
  await maintainAfterWrites(db);
  console.log(`data dir: ${n} chunks (the Python docs, ${docs.pages} pages, and ${FILLERS} copies)`);

  const steps: Record<string, () => Promise<unknown>> = {
    'before: VACUUM ANALYZE chunks': () => db.query('VACUUM ANALYZE chunks'),
    'after: maintainAfterWrites': () => maintainAfterWrites(db),
  };
  const times: Record<string, { crawl: number[]; step: number[] }> = {};
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, step] of Object.entries(steps)) {
      const c = await crawl(1, 12);
      const t = performance.now();
      const done = await step();
      const stepMs = performance.now() - t;
      (times[name] ??= { crawl: [], step: [] }).crawl.push(c.ms);
      times[name].step.push(stepMs);
      if (i === 0) console.log(name, JSON.stringify(done ?? null));
    }
  }
  await db.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`median of ${ROUNDS} alternating rounds, a 12-page crawl each`);
  console.table(
    Object.fromEntries(
      Object.entries(times).map(([name, t]) => [
        name,
        {
          'crawl (ms)': Math.round(median(t.crawl)),
          'maintenance (ms)': Math.round(median(t.step)),
          'crawl + maintenance (ms)': Math.round(median(t.crawl.map((c, i) => c + t.step[i]!))),
        },
      ]),
    ),
  );
} finally {
  site.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
