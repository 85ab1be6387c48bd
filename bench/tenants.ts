/**
 * `npm run bench:tenants`: does a bot's retrieval cost depend on the other bots in the database?
 *
 * The three dev corpora are crawled once (bench/tenantCorpus.ts). The measured bot is always the
 * whole Python docs; the other bots are mixes of the three corpora (a sample of the Python docs, of
 * the Debian Handbook, of the Git manuals, or of all three; sizes vary), so their vocabularies overlap
 * the measured bot's as real tenants' would, not only as copies of it.
 *
 * Two databases per engine: one holding the measured bot alone (the one-bot stage, the control) and
 * one that grows to 20, then 100 bots. At each stage a fresh copy of the measured bot is written
 * there in crawl-sized batches interleaved with another bot's (two crawls at once, as in real use, so
 * its rows are not one tidy stretch of the table), the tables are vacuumed and analysed as after a
 * crawl, and every Python docs question is asked three times of both databases in turn, question by
 * question: the shared machine's noise then falls on both sides alike, and the ratio (among N bots /
 * alone) is what the other bots cost. p50/p95 of the first pass (new questions) and of all passes.
 * The plan of one candidate list is printed too, to show where the bot filter runs.
 *
 *   npm run bench:tenants [-- --stages=20,100 --pglite-stages=20 --index=single --corpus-cache=FILE]
 *
 * PostgreSQL too with BENCH_DATABASE_URL=postgres://… (schemas of its own, dropped afterwards).
 * --index=single swaps migration 013's bot-led index for the old single-column one (the before).
 * --corpus-cache=FILE keeps the crawled corpora in FILE and reuses them on the next run.
 * Targets (issue 16): all-pass p95 ratio <= 1.3 at 100 bots on PostgreSQL and at 20 on PGlite.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FullTextRetriever } from '../server/src/answer/retrieval/retriever.js';
import type { Db } from '../server/src/db/db.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { openPostgres } from '../server/src/db/postgres.js';
import { mulberry32 } from '../server/src/embeddings/memoryIndex.js';
import { batches, countBot, crawlCorpora, newBot, writePages, type CorpusName, type CorpusPage } from './tenantCorpus.js';
import { DEFAULT_TEXT_CONFIG } from '../server/src/language/configs.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const stagesOf = (s: string) =>
  s
    .split(',')
    .map(Number)
    .filter((n) => n >= 2);
const PG_STAGES = stagesOf(args.stages ?? '20,100');
const PGLITE_STAGES = stagesOf(args['pglite-stages'] ?? '20');
const SINGLE_INDEX = args.index === 'single';
const PASSES = 3;

const corpora = path.resolve('..', 'shared', 'corpora');
const qaFiles = [
  path.join(corpora, 'pydocs-qa.jsonl'),
  path.join(corpora, 'pydocs-unanswerable.jsonl'),
  'eval/dev/pydocs-dev-qa.jsonl',
  'eval/dev/pydocs-dev-unanswerable.jsonl',
];
const questions = qaFiles
  .filter((f) => existsSync(f))
  .flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim()),
  )
  .map((l) => (JSON.parse(l) as { question: string }).question);

/** Tenant i's pages: one corpus or all three, each sampled at 30-100% of its pages. */
function tenantPages(all: Record<CorpusName, CorpusPage[]>, i: number): CorpusPage[] {
  const rnd = mulberry32(i + 1); // every run builds the same tenants
  const kinds: CorpusName[][] = [['pydocs'], ['debian'], ['git'], ['pydocs', 'debian', 'git']];
  const fraction = 0.3 + 0.7 * rnd();
  return kinds[i % kinds.length]!.flatMap((name) => all[name].filter(() => rnd() < fraction));
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const round = (x: number) => Math.round(x * 10) / 10;

interface Times {
  fresh: number[];
  all: number[];
}
interface StageResult {
  engine: string;
  bots: number;
  chunks: number;
  alone: Times;
  among: Times;
  plan: string;
}

/** The plan of a candidate list for two words many of the bots hold, in the measured bot. */
async function candidatePlan(db: Db, bot: string): Promise<string> {
  const rows = await db.query<Record<string, string>>(
    `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF)
     SELECT id FROM chunks WHERE chatbot_id = '${bot}' AND live AND tsv @@ to_tsquery('${DEFAULT_TEXT_CONFIG}', 'decorator | generator')
      ORDER BY ts_rank(tsv, to_tsquery('${DEFAULT_TEXT_CONFIG}', 'decorator | generator'), 1) DESC LIMIT 60`,
  );
  const lines = rows.map((r) => Object.values(r)[0]!);
  // The scan, its index condition and the heap blocks it read: the part that shows isolation.
  return lines
    .filter((l) => /Scan|Index Cond|Recheck Cond|Heap Blocks|Filter|Removed/.test(l))
    .map((l) => l.trim())
    .join(' | ');
}

/** Every question PASSES times, of the control and of the shared database in turn (which goes first alternates). */
async function measurePaired(alone: { db: Db; bot: string }, among: { db: Db; bot: string }): Promise<{ alone: Times; among: Times }> {
  const sides = [alone, among].map((s) => ({
    ...s,
    retriever: new FullTextRetriever(s.db),
    times: { fresh: [] as number[], all: [] as number[] },
  }));
  for (let pass = 0; pass < PASSES; pass++) {
    for (const [i, q] of questions.entries()) {
      for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
        const t = performance.now();
        await side.retriever.retrieve(side.bot, q);
        const ms = performance.now() - t;
        if (pass === 0) side.times.fresh.push(ms);
        side.times.all.push(ms);
      }
    }
  }
  return { alone: sides[0]!.times, among: sides[1]!.times };
}

async function prepare(db: Db): Promise<void> {
  await migrate(db);
  if (SINGLE_INDEX) {
    await db.query('DROP INDEX IF EXISTS chunks_bot_tsv_idx');
    await db.query('CREATE INDEX IF NOT EXISTS chunks_tsv_idx ON chunks USING gin (tsv)');
  }
}

const settle = async (db: Db) => {
  for (const table of ['chunks', 'documents', 'term_stats', 'term_totals']) await db.query(`VACUUM ANALYZE ${table}`);
};

async function runEngine(
  engine: string,
  open: () => Promise<Db>,
  all: Record<CorpusName, CorpusPage[]>,
  stages: number[],
): Promise<StageResult[]> {
  const control = await open();
  const shared = await open();
  try {
    await prepare(control);
    await prepare(shared);
    const alone = await newBot(control, 'measured alone');
    for (const batch of batches(all.pydocs)) await writePages(control, alone, batch, 'alone');
    await countBot(control, alone);
    await settle(control);
    const results: StageResult[] = [];
    let bots = 0;
    let tenant = 0;
    for (const stage of stages) {
      const started = performance.now();
      // Other bots, all but the one written beside the measured bot.
      while (bots < stage - 2) {
        const bot = await newBot(shared, `tenant ${tenant}`);
        for (const batch of batches(tenantPages(all, tenant))) await writePages(shared, bot, batch, `t${tenant}`);
        await countBot(shared, bot);
        tenant++;
        bots++;
      }
      const measured = await newBot(shared, `measured at ${stage}`);
      const besideBot = await newBot(shared, `tenant ${tenant}`);
      const mine = batches(all.pydocs);
      const beside = batches(tenantPages(all, tenant));
      for (let i = 0; i < Math.max(mine.length, beside.length); i++) {
        if (mine[i]) await writePages(shared, measured, mine[i]!, `m${stage}`);
        if (beside[i]) await writePages(shared, besideBot, beside[i]!, `t${tenant}`);
      }
      await countBot(shared, measured);
      await countBot(shared, besideBot);
      tenant++;
      bots += 2;
      await settle(shared);
      const [{ n }] = (await shared.query<{ n: number }>('SELECT count(*)::int AS n FROM chunks')) as [{ n: number }];
      process.stderr.write(
        `${engine}: ${bots} bots, ${n} chunks, built in ${Math.round((performance.now() - started) / 1000)} s; measuring\n`,
      );
      const t = await measurePaired({ db: control, bot: alone }, { db: shared, bot: measured });
      const r: StageResult = { engine, bots, chunks: n, ...t, plan: await candidatePlan(shared, measured) };
      results.push(r);
      console.log(row(r));
    }
    return results;
  } finally {
    await control.close();
    await shared.close();
  }
}

const HEADER = [
  'engine',
  'bots',
  'chunks',
  'alone new p50/p95',
  'among new p50/p95',
  'alone all p50/p95',
  'among all p50/p95',
  'p95 ratio new',
  'p95 ratio all',
].join('\t');
function row(r: StageResult): string {
  const pair = (t: number[]) => `${round(pct(t, 0.5))}/${round(pct(t, 0.95))}`;
  const ratio = (a: number[], b: number[]) => (pct(b, 0.95) / pct(a, 0.95)).toFixed(2);
  return [
    r.engine,
    r.bots,
    r.chunks,
    pair(r.alone.fresh),
    pair(r.among.fresh),
    pair(r.alone.all),
    pair(r.among.all),
    ratio(r.alone.fresh, r.among.fresh),
    ratio(r.alone.all, r.among.all),
  ].join('\t');
}

async function loadCorpora(): Promise<Record<CorpusName, CorpusPage[]>> {
  const cache = args['corpus-cache'];
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as Record<CorpusName, CorpusPage[]>;
  const all = await crawlCorpora();
  if (cache) writeFileSync(cache, JSON.stringify(all));
  return all;
}

const all = await loadCorpora();
const sizes = Object.entries(all).map(
  ([k, pages]) => `${k} ${pages.length} pages / ${pages.reduce((s, p) => s + p.chunks.length, 0)} chunks`,
);
console.log(
  `corpora: ${sizes.join(', ')}; ${questions.length} questions x ${PASSES} passes; index: ${SINGLE_INDEX ? 'single-column (before)' : 'bot-led (migration 013)'}`,
);
console.log(HEADER);

const results: StageResult[] = [];
const dirs: string[] = [];
const openLite = async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-tenants-pglite-'));
  dirs.push(dir);
  return openPglite(path.join(dir, 'pglite'));
};
try {
  if (PGLITE_STAGES.length > 0) results.push(...(await runEngine('pglite', openLite, all, PGLITE_STAGES)));
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
const url = process.env.BENCH_DATABASE_URL;
if (url && PG_STAGES.length > 0) {
  const schemas: string[] = [];
  const openPg = async () => {
    const schema = `bench_tenants_${Date.now()}_${schemas.length}`;
    schemas.push(schema);
    const db = await openPostgres({ url, schema, max: 2 });
    const close = db.close.bind(db);
    return { ...db, close: async () => (await db.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {}), await close()) };
  };
  results.push(...(await runEngine('postgres', openPg, all, PG_STAGES)));
} else if (!url) {
  console.log('(PostgreSQL: set BENCH_DATABASE_URL=postgres://… to run the same stages there)');
}

console.log('\nretrieval of one Python docs bot (ms): alone in its database vs among N bots, asked in turn; ratio = p95 among / p95 alone');
console.log(HEADER);
for (const r of results) console.log(row(r));
console.log('\nplans (a candidate list for two words most bots hold):');
for (const r of results) console.log(`${r.engine} ${r.bots} bots: ${r.plan}`);
