/**
 * The semantic legs' costs at scale: `tsx bench/semanticLegs.ts DATA_DIR_COPY/pglite [CHUNKS] [QA.jsonl…]`
 * (WORD_VECTORS_PATH set: the GloVe leg too). Copies the data dir's largest bot into one bot of
 * CHUNKS chunks (default 50,000; eval/benchBot.ts), builds its LSA space as a crawl's last step does
 * (worker thread, lowest priority) and reports its time, then asks every question with full text
 * alone and with each leg, the modes taking turns question by question so that the machine's load
 * falls on all alike, and prints p50/p95 per mode, new questions and repeated apart. Writes to the
 * data dir: use a copy.
 */
import { readFileSync } from 'node:fs';
import { buildBenchBot } from '../eval/benchBot.js';
import { FullTextRetriever } from '../server/src/answer/retrieval/retriever.js';
import { createSemanticLegs } from '../server/src/answer/retrieval/semanticLegs.js';
import { loadConfig } from '../server/src/config.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { buildLsaSpace } from '../server/src/embeddings/lsaSpace.js';
import { closeWordVectors } from '../server/src/embeddings/wordVectors.js';
import { englishWords } from '../server/src/text/englishWords.js';

const [dataDir, targetArg, ...qaFiles] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: tsx bench/semanticLegs.ts DATA_DIR/pglite [CHUNKS] [QA.jsonl…]');
const target = Number(targetArg ?? 50_000);
const questions = qaFiles
  .flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim()),
  )
  .map((l) => (JSON.parse(l) as { question: string }).question);
if (questions.length === 0) questions.push('How do I read a file line by line?', 'What is a decorator?');

const db = await openPglite(dataDir);
await migrate(db);
const [source] = await db.query<{ chatbot_id: string }>(
  'SELECT chatbot_id FROM chunks WHERE live GROUP BY chatbot_id ORDER BY count(*) DESC LIMIT 1',
);
if (!source) throw new Error('no chunks in that data dir');
const { bot, chunks } = await buildBenchBot(db, source.chatbot_id, target);
const rssBefore = process.memoryUsage().rss;
const built = await buildLsaSpace(db, bot);
console.log(
  JSON.stringify({
    chunks,
    lsaBuild: built,
    rssMbAfterBuild: Math.round(process.memoryUsage().rss / 1e6),
    rssMbBefore: Math.round(rssBefore / 1e6),
  }),
);

const wv = process.env.WORD_VECTORS_PATH;
const config = loadConfig({ DATA_DIR: '/nonexistent', SEMANTIC_LEGS: wv ? 'lsa,glove' : 'lsa', WORD_VECTORS_PATH: wv });
const legs = createSemanticLegs(config, db);
const modes: Record<string, FullTextRetriever> = {
  fullText: new FullTextRetriever(db),
  lsa: new FullTextRetriever(db, undefined, { legs: legs.filter((l) => l.name === 'lsa') }),
  ...(wv && {
    glove: new FullTextRetriever(db, undefined, { legs: legs.filter((l) => l.name === 'glove') }),
    both: new FullTextRetriever(db, undefined, { legs }),
  }),
};
await englishWords();
// Warm up: each leg reads its space or makes its chunk vectors once (reported, not counted).
for (const [name, r] of Object.entries(modes)) {
  const t = performance.now();
  await r.retrieve(bot, 'warm up the index');
  console.log(`${name}: first question ${Math.round(performance.now() - t)} ms`);
}
const times: Record<string, { fresh: number[]; repeated: number[] }> = {};
for (const name of Object.keys(modes)) times[name] = { fresh: [], repeated: [] };
for (let pass = 0; pass < 3; pass++)
  for (const q of questions)
    for (const [name, r] of Object.entries(modes)) {
      const t = performance.now();
      await r.retrieve(bot, q);
      times[name]![pass === 0 ? 'fresh' : 'repeated'].push(performance.now() - t);
    }
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(1);
console.log(`\n${chunks} chunks, ${questions.length} questions (ms)\nmode\tnew p50\tnew p95\trepeated p50\trepeated p95`);
for (const [name, t] of Object.entries(times))
  console.log([name, pct(t.fresh, 0.5), pct(t.fresh, 0.95), pct(t.repeated, 0.5), pct(t.repeated, 0.95)].join('\t'));
console.log(`rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
await db.query('DELETE FROM chatbots WHERE id = $1', [bot]);
await closeWordVectors();
await db.close();
