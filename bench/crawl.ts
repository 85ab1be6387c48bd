/**
 * `npm run bench:crawl`: Docent's whole crawl + index pipeline (fetch, extract, chunk, index, as a
 * task runs it) against Crawlee's fetch-only CheerioCrawler (bench/crawleeRun.ts) on the same site,
 * same depth, page limit and concurrency, in the same run, alternating which goes first. Sites: the
 * Python docs, the Debian Handbook and a generated 1,001-page docs site (bench/crawlSites.ts), each
 * served from disk by its own server process. Prints per site both rates and the ratios (issue #40's
 * target: crawl + index ≥ 1.0× Crawlee fetch-only, in pages per second). See bench/README.md.
 *
 *   npm run bench:crawl                                 all three sites, 1 round each
 *   npm run bench:crawl -- --sites=pydocs,generated --rounds=3
 *   npm run bench:crawl -- --stages                     also time discovery / fetch+extract / index apart
 *   npm run bench:crawl -- --server=nginx|python        serve with nginx or python's http.server instead
 *   npm run bench:crawl -- --url=http://127.0.0.1:8766/index.html   a server you started (one site)
 *   npm run bench:crawl -- --pg=postgres://postgres@127.0.0.1:5432/test   PostgreSQL instead of PGlite
 *   npm run bench:crawl -- --memory                     PGlite in memory instead of a temporary data dir
 *   npm run bench:crawl -- --only=docent                one side only (for a CPU profile of it: bench/README.md)
 *   --depth=2 --max-pages=1000 --port=8766
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { sharedExtractPool } from '../server/src/crawl/extractPool.js';
import { createSafeFetcher } from '../server/src/crawl/safeFetch.js';
import type { Db } from '../server/src/db/db.js';
import { inBackground } from '../server/src/db/foregroundFirst.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { openPostgres } from '../server/src/db/postgres.js';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';
import { runIndexingPipeline } from '../server/src/index/pipeline.js';
import { crawleeFetchOnly } from './crawleeRun.js';
import { serve, SITES, type Served } from './crawlSites.js';
import { rate, secs, stageBreakdown } from './crawlStages.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const PORT = Number(args.port ?? 8766);
const DEPTH = Number(args.depth ?? 2);
const MAX_PAGES = Number(args['max-pages'] ?? 1000);
const ROUNDS = Number(args.rounds ?? 1);
const SITE_KEYS = args.url ? ['external'] : (args.sites ?? 'pydocs,handbook,generated').split(',');

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function openDb(): Promise<{ db: Db; name: string; close(): Promise<void> }> {
  if (args.pg) {
    const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const db = await openPostgres({ url: args.pg, schema, max: 8 });
    await migrate(db);
    return { db, name: 'PostgreSQL', close: async () => (await db.query(`DROP SCHEMA ${schema} CASCADE`), await db.close()) };
  }
  if ('memory' in args) {
    const db = await openPglite(undefined);
    await migrate(db);
    return { db, name: 'PGlite (in memory)', close: () => db.close() };
  }
  // As the product runs it: a data dir on disk.
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-bench-crawl-'));
  const db = await openPglite(path.join(dir, 'pglite'));
  await migrate(db);
  return { db, name: 'PGlite (data dir)', close: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })) };
}

interface Row {
  site: string;
  round: number;
  docentPages: number;
  docentMs: number;
  crawleePages: number;
  crawleeMs: number;
}

async function benchSite(key: string, db: Db, rows: Row[]): Promise<void> {
  const site = SITES[key];
  if (!site && key !== 'external') throw new Error(`unknown site ${key} (pydocs, handbook, generated)`);
  const server: Served = args.url
    ? { url: args.url, name: `external (${args.url})`, stop: async () => {} }
    : await serve(site!.dir(), PORT, args.server ?? 'node');
  const host = new URL(server.url).host;
  const config = loadConfig({ ...process.env, CRAWL_ALLOW_HOSTS: host, CRAWL_MAX_PAGES: String(MAX_PAGES), LOG_LEVEL: 'silent' });
  const fetcher = createSafeFetcher({
    userAgent: config.CRAWL_USER_AGENT,
    allowHosts: [host],
    timeoutMs: config.CRAWL_TIMEOUT_MS,
    maxBytes: config.CRAWL_MAX_BYTES,
    connections: config.CRAWL_CONCURRENCY,
  });
  const extractor = await sharedExtractPool();
  const name = site?.name ?? server.url;
  try {
    console.log(
      `\n${name} at ${server.url}, served by ${server.name}; depth ${DEPTH}, at most ${MAX_PAGES} pages, concurrency ${config.CRAWL_CONCURRENCY}`,
    );
    const docent = async () => {
      const bot = await insertChatbot(db, { ownerUid: 'bench' });
      const t = performance.now();
      // In the background lane, as the task worker runs it (db/foregroundFirst.ts).
      const r = await inBackground(() =>
        runIndexingPipeline({
          db,
          config,
          chatbotId: bot.id,
          taskId: randomUUID(),
          mode: { kind: 'crawl', url: server.url, maxDepth: DEPTH, maxPages: MAX_PAGES },
          fetcher,
          extractor,
        }),
      );
      const ms = performance.now() - t;
      console.log(
        `  Docent crawl + index: ${r.indexed} indexed (${r.chunks} chunks), ${r.failed} failed, ${r.skipped} skipped, ${r.attempted} requests, ${secs(ms)}, ${rate(r.indexed, ms)}${r.stoppedBy ? `, stopped early (${r.stoppedBy})` : ''}; load ${load()}`,
      );
      return { pages: r.indexed, ms };
    };
    const crawlee = async () => {
      const r = await crawleeFetchOnly({
        startUrl: server.url,
        maxDepth: DEPTH,
        maxPages: MAX_PAGES,
        concurrency: config.CRAWL_CONCURRENCY,
      });
      console.log(`  Crawlee fetch-only:   ${r.pages} pages, ${r.failed} failed, ${secs(r.ms)}, ${rate(r.pages, r.ms)}; load ${load()}`);
      return r;
    };
    for (let round = 1; round <= ROUNDS; round++) {
      if (args.only) {
        await (args.only === 'crawlee' ? crawlee() : docent());
        continue;
      }
      // Alternate which goes first, so neither always meets a warmer (or busier) machine.
      const first = round % 2 === 1;
      const c1 = first ? await crawlee() : undefined;
      const d = await docent();
      const c = c1 ?? (await crawlee());
      rows.push({ site: name, round, docentPages: d.pages, docentMs: d.ms, crawleePages: c.pages, crawleeMs: c.ms });
    }
    if ('stages' in args) {
      console.log('  stages, each run alone:');
      await stageBreakdown(fetcher, extractor, db, {
        startUrls: [server.url],
        followLinks: true,
        maxDepth: DEPTH,
        maxPages: MAX_PAGES,
        concurrency: config.CRAWL_CONCURRENCY,
        timeBudgetMs: 600_000,
        userAgent: config.CRAWL_USER_AGENT,
      });
    }
  } finally {
    await fetcher.close();
    await server.stop();
    site?.cleanup();
  }
}

async function main(): Promise<void> {
  const { db, name: dbName, close } = await openDb();
  console.log(`${availableParallelism()} cores; database ${dbName}; load average (1/5/15 min) at start ${load()}`);
  const rows: Row[] = [];
  try {
    for (const key of SITE_KEYS) await benchSite(key, db, rows);
  } finally {
    clearInterval(sampler);
    await close();
  }
  console.log('\nDocent crawl + index against Crawlee fetch-only, same site, depth and page limit:');
  console.table(
    rows.map((r) => {
      const docentRate = r.docentPages / (r.docentMs / 1000);
      const crawleeRate = r.crawleePages / (r.crawleeMs / 1000);
      return {
        site: r.site,
        round: r.round,
        'Docent pages': r.docentPages,
        'Docent s': +(r.docentMs / 1000).toFixed(1),
        'Crawlee pages': r.crawleePages,
        'Crawlee s': +(r.crawleeMs / 1000).toFixed(1),
        'time ratio (Docent ÷ Crawlee)': +(r.docentMs / r.crawleeMs).toFixed(2),
        'speed ratio (pages/s, target ≥ 1.0)': +(docentRate / crawleeRate).toFixed(2),
      };
    }),
  );
  console.log(`load average at end ${load()}; peak RSS ${Math.round(peakRss / 1024 / 1024)} MB (Crawlee runs in this process too)`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
