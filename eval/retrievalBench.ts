/**
 * Retrieval latency on a big bot: `tsx eval/retrievalBench.ts DATA_DIR [TARGET_CHUNKS] [QA.jsonl…]`
 * (with `BENCH_TYPOS=1`, every question with a visitor's typing slips, eval/typos.ts).
 * DATA_DIR is a PGlite data dir holding a crawled bot (e.g. the Python docs; it is migrated first
 * and written to: use a copy). Its pages and chunks are copied into a fresh bot until that bot has
 * TARGET_CHUNKS (default 50,000); then every question is asked once (new: nothing about it has been
 * read before) and twice more (repeated), and p50/p95/max reported for each apart (DESIGN §7: p95 ≤
 * 30 ms on PGlite, for new questions too). With BENCH_DATABASE_URL=postgres://… the same bot is
 * built on that PostgreSQL server too (in a schema of its own, dropped afterwards) and both engines
 * are printed side by side.
 *
 * Beside each engine's figures, in the same run: a plain full-text query over the same chunks
 * (`plainto_tsquery` AND of the question's words, ranked by `ts_rank`, ten best: what a search box
 * with nothing of Docent's would ask), timed for the same questions new and repeated, alternating
 * with the retriever question by question so that both see the same cache; the retriever's p50/p95
 * are printed as ratios to it (issue #40: new-question p95 ≤ 3× the plain query). The database
 * round trips each question costs are counted too (issue #40: at most two).
 */
import { readFileSync } from 'node:fs';
import { buildBenchBot } from './benchBot.js';
import { FullTextRetriever } from '../server/src/answer/retrieval/retriever.js';
import type { Db, Queryable } from '../server/src/db/db.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { openPostgres } from '../server/src/db/postgres.js';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';
import { englishWords } from '../server/src/text/englishWords.js';
import { withTypos } from './typos.js';

const [dataDir, targetArg, ...qaFiles] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: tsx eval/retrievalBench.ts DATA_DIR [TARGET_CHUNKS] [QA.jsonl…]');
const target = Number(targetArg ?? 50_000);
const questions = qaFiles
  .flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim()),
  )
  .map((l) => JSON.parse(l) as { id: string; question: string })
  .map((q) => (process.env.BENCH_TYPOS ? withTypos(q.id, q.question) : q.question));
if (questions.length === 0)
  questions.push('How do I read a file line by line?', 'What is a decorator?', 'How do I sort a list of dictionaries by a key?');

/** The source bot's live pages and chunks, copied from PGlite to another database (same ids). */
async function copyBot(from: Db, to: Db, sourceBot: string): Promise<string> {
  const bot = (await insertChatbot(to, { ownerUid: 'bench', name: 'retrieval bench source' })).id;
  const docs = await from.query<{ id: string; url: string; title: string; content: string; content_hash: string; anchor_text: string }>(
    'SELECT id::text AS id, url, title, content, content_hash, anchor_text FROM documents WHERE chatbot_id = $1 AND live ORDER BY id',
    [sourceBot],
  );
  for (let i = 0; i < docs.length; i += 100) {
    const b = docs.slice(i, i + 100);
    await to.query(
      `INSERT INTO documents (id, chatbot_id, url, title, content, content_hash, anchor_text)
       SELECT d.id, $1, d.url, d.title, d.content, d.hash, d.anchor FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS d(id, url, title, content, hash, anchor)`,
      [
        bot,
        b.map((d) => d.id),
        b.map((d) => d.url),
        b.map((d) => d.title),
        b.map((d) => d.content),
        b.map((d) => d.content_hash),
        b.map((d) => d.anchor_text),
      ],
    );
  }
  for (let after = 0; ;) {
    const c = await from.query<{
      id: number;
      document_id: string;
      ordinal: number;
      url: string;
      title: string;
      heading_path: string;
      content: string;
    }>(
      `SELECT id::float8 AS id, document_id::text AS document_id, ordinal, url, title, heading_path, content
         FROM chunks WHERE chatbot_id = $1 AND live AND id > $2 ORDER BY id LIMIT 1000`,
      [sourceBot, after],
    );
    if (c.length === 0) break;
    after = c.at(-1)!.id;
    await to.query(
      `INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, heading_path, content)
       SELECT c.doc, $1, c.ord, c.url, c.title, c.path, c.content FROM unnest($2::uuid[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[]) AS c(doc, ord, url, title, path, content)`,
      [
        bot,
        c.map((r) => r.document_id),
        c.map((r) => r.ordinal),
        c.map((r) => r.url),
        c.map((r) => r.title),
        c.map((r) => r.heading_path),
        c.map((r) => r.content),
      ],
    );
  }
  return bot;
}

const pct = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1));
};
const summary = (times: number[]) => ({ queries: times.length, p50_ms: pct(times, 0.5), p95_ms: pct(times, 0.95), max_ms: pct(times, 1) });
type Summary = ReturnType<typeof summary>;

/** The baseline: one plain full-text query, the AND of the question's words, ten best by ts_rank. */
const PLAIN_SQL = `
SELECT id, ts_rank(tsv, q) AS rank
  FROM chunks, plainto_tsquery('english', $2) AS q
 WHERE chatbot_id = $1 AND live AND tsv @@ q
 ORDER BY rank DESC LIMIT 10`;

/**
 * Every question once (new), then twice more (repeated), by the retriever and by the plain query,
 * alternating which goes first question by question; the bench bot is deleted afterwards.
 */
async function bench(engine: string, db: Db, sourceBot: string) {
  const { bot, chunks } = await buildBenchBot(db, sourceBot, target);
  let trips = 0;
  const counting: Queryable = {
    query: (sql, params) => {
      trips++;
      return db.query(sql, params);
    },
  };
  const retriever = new FullTextRetriever(counting);
  // Read at start-up in the product (answer/service.ts), not by the first question with a slip.
  await englishWords();
  const time = async (run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    return performance.now() - t;
  };
  const docent = { new: [] as number[], repeated: [] as number[] };
  const plain = { new: [] as number[], repeated: [] as number[] };
  const ask = async (q: string, i: number, into: 'new' | 'repeated') => {
    const mine = () => time(() => retriever.retrieve(bot, q));
    const theirs = () => time(() => db.query(PLAIN_SQL, [bot, q]));
    if (i % 2 === 0) {
      docent[into].push(await mine());
      plain[into].push(await theirs());
    } else {
      plain[into].push(await theirs());
      docent[into].push(await mine());
    }
  };
  for (const [i, q] of questions.entries()) await ask(q, i, 'new');
  const newTrips = trips / questions.length;
  for (let pass = 0; pass < 2; pass++) for (const [i, q] of questions.entries()) await ask(q, i + pass, 'repeated');
  await db.query('DELETE FROM chatbots WHERE id = $1', [bot]);
  const ratio = (a: number, b: number) => Number((a / Math.max(b, 0.01)).toFixed(2));
  const [dn, dr, pn, pr] = [docent.new, docent.repeated, plain.new, plain.repeated].map(summary) as [Summary, Summary, Summary, Summary];
  return {
    engine,
    chunks,
    roundTripsPerQuestion: Number(newTrips.toFixed(2)),
    new: dn,
    repeated: dr,
    plainNew: pn,
    plainRepeated: pr,
    ratio: {
      newP50: ratio(dn.p50_ms, pn.p50_ms),
      newP95: ratio(dn.p95_ms, pn.p95_ms),
      repeatedP50: ratio(dr.p50_ms, pr.p50_ms),
      repeatedP95: ratio(dr.p95_ms, pr.p95_ms),
      newToRepeatedP95: ratio(dn.p95_ms, dr.p95_ms),
    },
  };
}

const pglite = await openPglite(dataDir);
await migrate(pglite);
const [source] = await pglite.query<{ chatbot_id: string }>(
  'SELECT chatbot_id FROM chunks WHERE live GROUP BY chatbot_id ORDER BY count(*) DESC LIMIT 1',
);
if (!source) throw new Error('no chunks in that data dir');
const results = [await bench('pglite', pglite, source.chatbot_id)];
console.log(JSON.stringify(results[0]));

const url = process.env.BENCH_DATABASE_URL;
if (url) {
  const schema = `bench_${Date.now()}`;
  const pg = await openPostgres({ url, schema, max: 2 });
  try {
    await migrate(pg);
    const copy = await copyBot(pglite, pg, source.chatbot_id);
    results.push(await bench('postgres', pg, copy));
    console.log(JSON.stringify(results[1]));
  } finally {
    await pg.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
    await pg.close();
  }
}
await pglite.close();

console.log(`\nretrieval, one bot of ${target} chunks, ${questions.length} questions (ms; plain: plainto_tsquery + ts_rank, same run)`);
console.log(['engine', 'trips/q', 'new p50', 'new p95', 'new max', 'repeated p50', 'repeated p95', 'repeated max'].join('\t'));
for (const r of results) {
  console.log(
    [
      r.engine,
      r.roundTripsPerQuestion,
      r.new.p50_ms,
      r.new.p95_ms,
      r.new.max_ms,
      r.repeated.p50_ms,
      r.repeated.p95_ms,
      r.repeated.max_ms,
    ].join('\t'),
  );
  const [pn, pr] = [r.plainNew, r.plainRepeated];
  console.log([`  plain`, 1, pn.p50_ms, pn.p95_ms, pn.max_ms, pr.p50_ms, pr.p95_ms, pr.max_ms].join('\t'));
  const x = r.ratio;
  console.log([`  ratio`, '', `×${x.newP50}`, `×${x.newP95}`, '', `×${x.repeatedP50}`, `×${x.repeatedP95}`].join('\t'));
  console.log(`  new p95 / repeated p95 ×${x.newToRepeatedP95} (goal ≤ 1.25); new p95 / plain new p95 ×${x.newP95} (goal ≤ 3)`);
}
const newP95 = results[0]!.new.p95_ms;
console.log(newP95 <= 30 ? 'PGlite new-question p95 within budget (<= 30 ms)' : 'PGlite new-question p95 OVER BUDGET (> 30 ms)');
