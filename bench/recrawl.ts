/**
 * `npm run bench:recrawl`: the cost of refreshing an unchanged site. Crawls and indexes the local
 * Python docs (depth 2) once, then refreshes the same bot several times with nothing changed, each
 * refresh sending conditional requests (python's http.server answers If-Modified-Since with 304)
 * and keeping unchanged pages. Prints each run and the median refresh time as a share of the first
 * crawl's (the issue's target: ≤ 20%).
 *
 *   npm run bench:recrawl [-- --port=8767 --runs=3 --depth=2]
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { sharedExtractPool } from '../server/src/crawl/extractPool.js';
import { createSafeFetcher } from '../server/src/crawl/safeFetch.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';
import { runIndexingPipeline, type PipelineResult } from '../server/src/index/pipeline.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const PORT = Number(args.port ?? 8767);
const RUNS = Number(args.runs ?? 3);
const DEPTH = Number(args.depth ?? 2);

async function main(): Promise<void> {
  const child = spawn('bash', [path.resolve('../shared/corpora/serve-pydocs.sh'), String(PORT)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${PORT}/index.html`;
  try {
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      up = await fetch(url).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 200));
    }
    if (!up) throw new Error(`the Python docs server did not start on port ${PORT}`);
    const host = `127.0.0.1:${PORT}`;
    const config = loadConfig({ ...process.env, CRAWL_ALLOW_HOSTS: host, CRAWL_MAX_PAGES: '1000', LOG_LEVEL: 'silent' });
    const fetcher = createSafeFetcher({
      userAgent: config.CRAWL_USER_AGENT,
      allowHosts: [host],
      timeoutMs: config.CRAWL_TIMEOUT_MS,
      maxBytes: config.CRAWL_MAX_BYTES,
      connections: config.CRAWL_CONCURRENCY,
    });
    const extractor = await sharedExtractPool();
    const db = await openPglite(undefined);
    await migrate(db);
    const bot = await insertChatbot(db, { ownerUid: 'bench' });
    const run = async (): Promise<{ ms: number; r: PipelineResult }> => {
      const t = performance.now();
      const r = await runIndexingPipeline({
        db,
        config,
        chatbotId: bot.id,
        taskId: randomUUID(),
        mode: { kind: 'crawl', url, maxDepth: DEPTH, maxPages: 1000 },
        fetcher,
        extractor,
      });
      return { ms: performance.now() - t, r };
    };
    const show = (label: string, { ms, r }: { ms: number; r: PipelineResult }) =>
      console.log(
        `${label}: ${(ms / 1000).toFixed(2)} s, ${r.indexed} pages (new ${r.new ?? '-'}, changed ${r.changed ?? '-'}, unchanged ${r.unchanged ?? '-'}, removed ${r.removed ?? '-'}), ${r.chunks} chunks written${r.keptPrevious ? `, NOT swapped: ${r.keptPrevious.reason}` : ''}`,
      );
    const first = await run();
    show('first crawl', first);
    const times: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const again = await run();
      show(`refresh ${i}`, again);
      times.push(again.ms);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const share = (median / first.ms) * 100;
    console.log(
      `TARGET refresh of the unchanged site: median ${(median / 1000).toFixed(2)} s = ${share.toFixed(1)}% of the first crawl (target ≤ 20%: ${share <= 20 ? 'met' : 'NOT met'})`,
    );
    await fetcher.close();
    await extractor.close();
    await db.close();
  } finally {
    child.kill('SIGTERM');
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
