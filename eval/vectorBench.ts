/**
 * The semantic leg's cost on a big bot: `tsx eval/vectorBench.ts DATA_DIR [TARGET_CHUNKS] [QA.jsonl…]`.
 * DATA_DIR is a PGlite data dir holding a crawled bot (e.g. the Python docs); its chunks are copied
 * into a fresh bot until it has TARGET_CHUNKS (default 50,000), each given a random unit vector of
 * the local model's size (exact search costs the same whatever the vectors say). Every question is
 * then asked once, as a new question, three ways: full text alone, the vector search alone (question
 * embedded by the local model on its thread, then the exact search), and retrieval with both legs.
 */
import { readFileSync } from 'node:fs';
import { FullTextRetriever } from '../server/src/answer/retrieval/retriever.js';
import { createVectorSearch } from '../server/src/answer/retrieval/vectorSearch.js';
import { loadConfig } from '../server/src/config.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { LOCAL_MODEL } from '../server/src/embeddings/local.js';
import { closeEmbeddingProvider } from '../server/src/embeddings/shared.js';
import { vectorStoreFor } from '../server/src/embeddings/store.js';
import { buildBenchBot } from './benchBot.js';

const [dataDir, targetArg, ...qaFiles] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: tsx eval/vectorBench.ts DATA_DIR [TARGET_CHUNKS] [QA.jsonl…]');
const target = Number(targetArg ?? 50_000);
const DIMS = 512;
const db = await openPglite(dataDir);
await migrate(db);
const store = await vectorStoreFor(db);
const [source] = await db.query<{ chatbot_id: string }>(
  'SELECT chatbot_id FROM chunks WHERE live GROUP BY chatbot_id ORDER BY count(*) DESC LIMIT 1',
);
if (!source) throw new Error('no chunks in that data dir');
const { bot, chunks: copied } = await buildBenchBot(db, source.chatbot_id, target);
// Every copied chunk gets a vector of the local model's size.
const ids = await db.query<{ id: string }>('SELECT id::text AS id FROM chunks WHERE chatbot_id = $1', [bot]);
for (let i = 0; i < ids.length; i += 500) {
  const slice = ids.slice(i, i + 500).map((r) => r.id);
  await store.insert(db, bot, LOCAL_MODEL, slice, slice.map(randomUnit));
}
await db.query('VACUUM ANALYZE chunk_embeddings');

const questions = qaFiles
  .flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim()),
  )
  .map((l) => (JSON.parse(l) as { question: string }).question);
if (questions.length === 0)
  questions.push('How do I read a file line by line?', 'What is a decorator?', 'How do I sort a list of dictionaries by a key?');

const config = loadConfig({ EMBEDDINGS: 'local', LOG_LEVEL: 'silent' });
const vector = createVectorSearch(config, db)!;
await vector.search(bot, 'warm up the model thread', 50);
const legs = {
  fullText: (q: string) => new FullTextRetriever(db).retrieve(bot, q),
  vectorOnly: (q: string) => vector.search(bot, q, 50),
  hybrid: (q: string) => new FullTextRetriever(db, vector).retrieve(bot, q),
};
const out: Record<string, unknown> = { chunks: copied, store: store.kind, questions: questions.length };
for (const [name, run] of Object.entries(legs)) {
  const times: number[] = [];
  // A new retriever per question: no term statistics cached from an earlier question.
  for (const q of questions) {
    const t = performance.now();
    await run(`${q} `);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => Number(times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1));
  out[name] = { p50_ms: pct(0.5), p95_ms: pct(0.95) };
}
console.log(JSON.stringify(out));
await db.query('DELETE FROM chatbots WHERE id = $1', [bot]);
await db.query('DELETE FROM chunks WHERE chatbot_id = $1', [bot]);
await db.query('DELETE FROM documents WHERE chatbot_id = $1', [bot]);
await closeEmbeddingProvider();
await db.close();

function randomUnit(): Float32Array {
  const v = new Float32Array(DIMS);
  let n = 0;
  for (let i = 0; i < DIMS; i++) n += (v[i] = Math.random() - 0.5) ** 2;
  for (let i = 0; i < DIMS; i++) v[i]! /= Math.sqrt(n);
  return v;
}
