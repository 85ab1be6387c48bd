/**
 * `npm run bench:crawl`: crawl and index the local Python docs (about 530 pages, depth 2) and
 * print rates for discovery, fetch+extract, indexing and the whole pipeline, plus peak RSS.
 * The headline figure (issue #14's target on PGlite, 2 cores: ≥ 50/s) is pages indexed per second over the whole
 * pipeline run, start to finish. Every count is of real work: robots-blocked and time-limit skips
 * made no request and are not counted as fetched; duplicates and failures are not pages.
 *
 *   npm run bench:crawl                       python http.server via ../shared/corpora/serve-pydocs.sh
 *   npm run bench:crawl -- --server=nginx     nginx (Debian package) on 127.0.0.1
 *   npm run bench:crawl -- --url=http://127.0.0.1:8766/index.html   an already running server
 *   npm run bench:crawl -- --pg=postgres://postgres@127.0.0.1:5432/test   PostgreSQL instead of PGlite
 *   npm run bench:crawl -- --memory           PGlite in memory instead of in a temporary data dir
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { crawlSite, type CrawlOptions, type CrawlOutcome } from '../server/src/crawl/crawler.js';
import { sharedExtractPool } from '../server/src/crawl/extractPool.js';
import { createSafeFetcher } from '../server/src/crawl/safeFetch.js';
import type { Db } from '../server/src/db/db.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { openPostgres } from '../server/src/db/postgres.js';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';
import { MarkdownChunker } from '../server/src/index/chunker.js';
import { Indexer } from '../server/src/index/indexer.js';
import { runIndexingPipeline } from '../server/src/index/pipeline.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const PORT = Number(args.port ?? 8766);
const DEPTH = Number(args.depth ?? 2);
const MAX_PAGES = Number(args['max-pages'] ?? 1000);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

const docsDir = () => {
  for (const c of ['/usr/share/doc/python3/html', '/usr/share/doc/python3.11/html'])
    if (existsSync(path.join(c, 'index.html'))) return realpathSync(c);
  throw new Error('Python docs not found: run ../shared/corpora/serve-pydocs.sh once (it installs python3-doc), or pass --url=');
};

/** Whether nothing listens on the port (else the figures would describe whatever server does). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function startServer(): Promise<{ url: string; name: string; stop(): void }> {
  if (args.url) return { url: args.url, name: `external (${args.url})`, stop() {} };
  if (!(await portIsFree(PORT))) throw new Error(`Port ${PORT} is in use; pass --port=N (or --url= to crawl a server you started)`);
  let child: ChildProcess;
  let name: string;
  let scratch: string | undefined;
  if (args.server === 'nginx') {
    scratch = mkdtempSync(path.join(tmpdir(), 'docent-nginx-'));
    for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(scratch, d));
    writeFileSync(
      path.join(scratch, 'nginx.conf'),
      `worker_processes 1; daemon off; pid ${scratch}/nginx.pid; error_log ${scratch}/error.log;
events { worker_connections 512; }
http { access_log off; include /etc/nginx/mime.types; default_type application/octet-stream; sendfile on;
  client_body_temp_path ${scratch}/body; proxy_temp_path ${scratch}/proxy; fastcgi_temp_path ${scratch}/fastcgi;
  uwsgi_temp_path ${scratch}/uwsgi; scgi_temp_path ${scratch}/scgi;
  server { listen 127.0.0.1:${PORT}; root ${docsDir()}; } }`,
    );
    child = spawn('nginx', ['-c', path.join(scratch, 'nginx.conf')], { stdio: 'inherit' });
    name = 'nginx (1 worker process)';
  } else {
    const script = path.resolve('../shared/corpora/serve-pydocs.sh');
    child = spawn('bash', [script, String(PORT)], { stdio: ['ignore', 'ignore', 'inherit'] });
    name = 'python3 -m http.server (serve-pydocs.sh)';
  }
  const url = `http://127.0.0.1:${PORT}/index.html`;
  let exited = false;
  child.once('exit', () => (exited = true));
  let up = false;
  for (let i = 0; i < 100 && !exited && !up; i++) {
    up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  if (exited || !up) {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    throw new Error(`${name} did not start on port ${PORT}`);
  }
  return {
    url,
    name,
    stop() {
      child.kill('SIGTERM');
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    },
  };
}

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
  // As the product runs it: a data dir on disk (an in-memory database pays for growing its files in
  // memory, which a data dir does not, and skips the file system, which a data dir does not).
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-bench-crawl-'));
  const db = await openPglite(path.join(dir, 'pglite'));
  await migrate(db);
  return {
    db,
    name: 'PGlite (data dir)',
    close: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })),
  };
}

const rate = (n: number, ms: number, what = 'pages') => `${(n / (ms / 1000)).toFixed(1)} ${what}/s`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const server = await startServer();
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
  const { db, name: dbName, close } = await openDb();
  const base: CrawlOptions = {
    startUrls: [server.url],
    followLinks: true,
    maxDepth: DEPTH,
    maxPages: MAX_PAGES,
    concurrency: config.CRAWL_CONCURRENCY,
    timeBudgetMs: 600_000,
    userAgent: config.CRAWL_USER_AGENT,
  };
  try {
    console.log(
      `Python docs at ${server.url} served by ${server.name}; depth ${DEPTH}; ${availableParallelism()} cores; database ${dbName}`,
    );

    // 1. Discovery only (what collect-urls does): pages above the last level fetched, links listed.
    let t = performance.now();
    let listed = 0;
    await crawlSite(fetcher, extractor, { ...base, discoveryOnly: true }, { onOutcome: (o) => void (o.kind === 'listed' && listed++) });
    const discoveryMs = performance.now() - t;

    // 2. Fetch + extract every page (no database).
    t = performance.now();
    const pages: Extract<CrawlOutcome, { kind: 'page' }>[] = [];
    let requested = 0;
    await crawlSite(fetcher, extractor, base, {
      onOutcome: (o) => {
        if (!(o.kind === 'skipped' && o.notFetched)) requested++;
        if (o.kind === 'page') pages.push(o);
      },
    });
    const extractMs = performance.now() - t;

    // 3. Chunk + index the extracted pages.
    const bot = await insertChatbot(db, { ownerUid: 'bench' });
    const indexer = new Indexer(db, { chatbotId: bot.id, taskId: randomUUID(), live: true, chunker: new MarkdownChunker() });
    t = performance.now();
    for (const p of pages) await indexer.add(p);
    await indexer.flush();
    const indexMs = performance.now() - t;

    // 4. The whole pipeline as a task runs it (fetch, extract, chunk, index, sources, progress).
    const bot2 = await insertChatbot(db, { ownerUid: 'bench' });
    // Meanwhile, a visitor's search on the first bot every 100 ms: how long does chat wait?
    const latencies: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const s = performance.now();
        await db.query(
          `SELECT id FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ websearch_to_tsquery('english', 'lru cache') LIMIT 10`,
          [bot.id],
        );
        latencies.push(performance.now() - s);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    t = performance.now();
    const r = await runIndexingPipeline({
      db,
      config,
      chatbotId: bot2.id,
      taskId: randomUUID(),
      mode: { kind: 'crawl', url: server.url, maxDepth: DEPTH, maxPages: MAX_PAGES },
      fetcher,
      extractor,
    });
    const totalMs = performance.now() - t;
    probing = false;
    await probe;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => `${latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))]!.toFixed(0)} ms`;

    console.table({
      'discovery (URLs listed)': { count: listed, time: secs(discoveryMs), rate: rate(listed, discoveryMs, 'URLs') },
      'fetch+extract (requests)': { count: requested, time: secs(extractMs), rate: rate(requested, extractMs, 'requests') },
      'fetch+extract (pages with content)': { count: pages.length, time: secs(extractMs), rate: rate(pages.length, extractMs) },
      'indexing (pages written)': {
        count: indexer.indexed,
        time: secs(indexMs),
        rate: rate(indexer.indexed, indexMs),
        chunks: indexer.chunks,
      },
      'whole pipeline (pages indexed)': { count: r.indexed, time: secs(totalMs), rate: rate(r.indexed, totalMs), chunks: r.chunks },
    });
    const headline = r.indexed / (totalMs / 1000);
    console.log(
      `whole pipeline: ${r.indexed} indexed, ${r.failed} failed, ${r.skipped} skipped (${r.indexed + r.failed + r.skipped - r.attempted} without a request) of ${r.discovered} discovered; ${r.attempted} requests`,
    );
    console.log(
      `TARGET whole site crawled and indexed: ${headline.toFixed(1)} indexed pages/s (target ≥ 50: ${headline >= 50 ? 'met' : 'NOT met'})${r.stoppedBy ? `; stopped early (${r.stoppedBy})` : ''}`,
    );
    console.log(`search latency during the pipeline: p50 ${pct(50)}, p95 ${pct(95)}, max ${pct(100)} (${latencies.length} probes)`);
    console.log(`peak RSS ${Math.round(peakRss / 1024 / 1024)} MB`);
  } finally {
    clearInterval(sampler);
    await fetcher.close();
    await close();
    server.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
