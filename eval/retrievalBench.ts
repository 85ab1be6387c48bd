/**
 * Retrieval latency on a big bot: `tsx eval/retrievalBench.ts DATA_DIR [TARGET_CHUNKS] [QA.jsonl…]`.
 * DATA_DIR is a PGlite data dir holding one crawled bot (e.g. the Python docs). Its chunks are
 * copied into a fresh bot until that bot has TARGET_CHUNKS (default 50,000), then every question is
 * retrieved three times, warm, and p50/p95 reported (DESIGN §7: p95 ≤ 30 ms on PGlite).
 */
import { readFileSync } from 'node:fs';
import { FullTextRetriever } from '../server/src/answer/retrieval/retriever.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';

const [dataDir, targetArg, ...qaFiles] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: tsx eval/retrievalBench.ts DATA_DIR [TARGET_CHUNKS] [QA.jsonl…]');
const target = Number(targetArg ?? 50_000);
const db = await openPglite(dataDir);
// A data dir made by an older version gets this version's schema first.
await migrate(db);
const [source] = await db.query<{ chatbot_id: string; n: number }>(
  'SELECT chatbot_id, count(*)::int AS n FROM chunks WHERE live GROUP BY chatbot_id ORDER BY n DESC LIMIT 1',
);
if (!source) throw new Error('no chunks in that data dir');
const bot = (await insertChatbot(db, { ownerUid: 'bench', name: 'retrieval bench' })).id;
let copied = 0;
for (let round = 0; copied < target; round++) {
  // Each copy gets its own URLs so the copies count as distinct pages.
  const rows = await db.query<{ n: number }>(
    `WITH ins AS (
       INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, heading_path, content)
       SELECT document_id, $1, ordinal, url || '#copy' || $3, title, heading_path, content
         FROM chunks WHERE chatbot_id = $2 AND live ORDER BY id LIMIT $4 RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [bot, source.chatbot_id, round, target - copied],
  );
  copied += rows[0]!.n;
  // The pages too: ranking reads a candidate page's whole text (answer/pageEvidence.ts).
  await db.query(
    `INSERT INTO documents (id, chatbot_id, url, title, content, content_hash)
     SELECT gen_random_uuid(), $1, url || '#copy' || $3, title, content, content_hash
       FROM documents WHERE chatbot_id = $2 AND live`,
    [bot, source.chatbot_id, round],
  );
}
await db.query('VACUUM ANALYZE chunks');
await db.query('VACUUM ANALYZE documents');
const questions = (qaFiles.length ? qaFiles : [])
  .flatMap((f) => readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()))
  .map((l) => (JSON.parse(l) as { question: string }).question);
if (questions.length === 0) questions.push('How do I read a file line by line?', 'What is a decorator?', 'How do I sort a list of dictionaries by a key?');
const retriever = new FullTextRetriever(db);
for (const q of questions) await retriever.retrieve(bot, q); // warm caches and term statistics
const times: number[] = [];
for (let pass = 0; pass < 3; pass++) {
  for (const q of questions) {
    const t = performance.now();
    await retriever.retrieve(bot, q);
    times.push(performance.now() - t);
  }
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
console.log(JSON.stringify({ chunks: copied, queries: times.length, p50_ms: Number(pct(0.5)), p95_ms: Number(pct(0.95)), max_ms: Number(pct(1)) }));
await db.query('DELETE FROM chunks WHERE chatbot_id = $1', [bot]);
await db.query('DELETE FROM documents WHERE chatbot_id = $1', [bot]);
await db.query('DELETE FROM chatbots WHERE id = $1', [bot]);
await db.close();
