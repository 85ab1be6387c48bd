/**
 * `npx tsx bench/hostilePatterns.ts`: can an owner's URL patterns stall the server (issue #36)? The
 * hostile case: one page of 1,000 links of about 2,000 characters, and 20 include + 20 exclude
 * patterns of 200 characters (`/**b/**b/…/**Z`) that never match. The old matcher (O(pattern × URL)
 * per pattern, main thread) froze the server 17.6-18.3 s for collect-urls with 1 + 1 of them and
 * 265 s with 20 + 20; a crawl-and-index about 125 s per attempt.
 *
 * Measured here, in the server's process: the matcher alone (1,000 links, ms and steps), then URL
 * collection (collect-urls' code, depth 2) and a crawl (crawl-and-index's pipeline, in-memory PGlite)
 * of that page with those patterns, each with the main thread's event-loop delay
 * (`monitorEventLoopDelay`, 10 ms resolution) over its run. Budget: event-loop delay under 100 ms.
 *
 *   npx tsx bench/hostilePatterns.ts [-- --rounds=3]
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../server/src/config.js';
import { sharedExtractPool } from '../server/src/crawl/extractPool.js';
import { UrlPatternFilter } from '../server/src/crawl/urlPatterns.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';
import { collectUrls } from '../server/src/http/routes/indexing/collect.js';
import { runIndexingPipeline } from '../server/src/index/pipeline.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROUNDS = Number(args.rounds ?? 3);

const hostilePattern = (k: number) => '/**b'.repeat(49) + '/**' + String.fromCharCode(65 + k);
const PATTERNS = {
  include: Array.from({ length: 20 }, (_, k) => hostilePattern(k)),
  exclude: Array.from({ length: 20 }, (_, k) => hostilePattern(k + 6)),
};
const paths = Array.from({ length: 1000 }, (_, i) => `/${i}/${'b/'.repeat(990)}`);
const page = `<html><body><main><h1>Links</h1>${paths.map((p, i) => `<a href="${p}">${i}</a>`).join('\n')}</main></body></html>`;

const site = createServer((req, res) => {
  if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  else res.writeHead(404).end();
});
await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
const config = loadConfig({ CRAWL_ALLOW_HOSTS: new URL(origin).host, LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' });
await sharedExtractPool(); // workers start outside the measured windows

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const ms = (ns: number) => Math.round(ns / 1e5) / 10;
async function measured<T>(run: () => Promise<T>): Promise<{ result: T; wallMs: number; loopMaxMs: number; loopP99Ms: number }> {
  delay.reset();
  const t0 = performance.now();
  const result = await run();
  return { result, wallMs: Math.round(performance.now() - t0), loopMaxMs: ms(delay.max), loopP99Ms: ms(delay.percentile(99)) };
}

const db = await openPglite(undefined);
await migrate(db);
const rows: Record<string, unknown>[] = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const links = paths.map((p) => origin + p);
    const filter = new UrlPatternFilter(PATTERNS);
    const t0 = performance.now();
    const kept = links.filter((l) => filter.keep(l)).length;
    rows.push({ round, run: 'matcher, 1,000 links', kept, wall_ms: Math.round(performance.now() - t0), steps: filter.steps });

    const collect = await measured(() => collectUrls(config, `${origin}/`, 2, 1000, undefined, PATTERNS));
    rows.push({
      round,
      run: 'collect-urls, depth 2',
      kept: collect.result.length,
      wall_ms: collect.wallMs,
      loop_max_ms: collect.loopMaxMs,
      loop_p99_ms: collect.loopP99Ms,
    });

    const bot = await insertChatbot(db, { ownerUid: 'bench', name: 'Hostile patterns' });
    const crawl = await measured(() =>
      runIndexingPipeline({
        db,
        config,
        chatbotId: bot.id,
        taskId: randomUUID(),
        mode: { kind: 'crawl', url: `${origin}/`, maxDepth: 2, maxPages: 1000, patterns: PATTERNS },
      }),
    );
    rows.push({
      round,
      run: 'crawl pipeline, depth 2',
      kept: crawl.result.indexed,
      wall_ms: crawl.wallMs,
      loop_max_ms: crawl.loopMaxMs,
      loop_p99_ms: crawl.loopP99Ms,
    });
  }
} finally {
  await db.close();
  site.close();
}
console.table(rows);
const worst = Math.max(...rows.map((r) => (r.loop_max_ms as number | undefined) ?? 0));
// The histogram's values include its 10 ms sampling interval.
console.log(`event-loop delay max over every run: ${worst} ms — ${worst <= 110 ? 'within budget (≤ 100 ms)' : 'OVER BUDGET (≤ 100 ms)'}`);
process.exit(0); // the shared extraction pool's worker threads would keep the process alive
