/**
 * Fast retrieval iteration on a kept index: `tsx eval/diagnose.ts DATA_DIR QA.jsonl [UNANSWERABLE.jsonl]`.
 * DATA_DIR is a data dir written by `npm run eval -- --data-dir DIR` (its PGlite lives in DIR/pglite).
 * Answers each question in-process exactly as the message route does without an LLM (retriever +
 * extractive answerer), prints the same metrics as the harness, and for each answerable question the
 * rank of the first expected page among 15 retrieved pages, so near-misses are visible.
 * Use it on the dev set; the scored set is for reporting through `npm run eval`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Answerer } from '../server/src/answer/answerer.js';
import { databaseLexer } from '../server/src/answer/extractive/lexer.js';
import { FullTextRetriever } from '../server/src/answer/retrieval/retriever.js';
import { openPglite } from '../server/src/db/pglite.js';
import { isRefusal, keywordHit, recallHit, rootRelative, summarise, topPages, type AnswerRecord, type QaItem } from './metrics.js';

const [dataDir, qaFile, unFile] = process.argv.slice(2);
if (!dataDir || !qaFile) throw new Error('usage: tsx eval/diagnose.ts DATA_DIR QA.jsonl [UNANSWERABLE.jsonl]');
const readJsonl = (f: string): QaItem[] =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as QaItem);
const qa = readJsonl(qaFile);
const un = unFile ? readJsonl(unFile) : [];

const db = await openPglite(path.join(dataDir, 'pglite'));
const [bot] = await db.query<{ chatbot_id: string }>(
  'SELECT chatbot_id::text AS chatbot_id FROM chunks WHERE live GROUP BY chatbot_id ORDER BY count(*) DESC LIMIT 1',
);
if (!bot) throw new Error('no chunks in that data dir');
const retriever = new FullTextRetriever(db);
const answerer = new Answerer({ retriever, lexer: databaseLexer(db) });
const settings = { id: bot.chatbot_id, name: 'eval', system_prompt: '', response_format: '', rag_enabled: true };

const answers = new Map<string, AnswerRecord>();
/** The same answers with the pages retrieval found (the /query route's sources) instead of the cited ones. */
const retrievedAnswers = new Map<string, AnswerRecord>();
for (const item of [...qa, ...un]) {
  const t = performance.now();
  const gen = answerer.answer({ bot: settings, question: item.question, history: [] });
  let next = await gen.next();
  while (!next.done) next = await gen.next();
  const ms = Math.round(performance.now() - t);
  const rec: AnswerRecord = {
    id: item.id,
    question: item.question,
    answer: next.value.content,
    sources: next.value.sources.map((s) => s.url),
    ms,
  };
  answers.set(item.id, rec);
  retrievedAnswers.set(item.id, { ...rec, sources: next.value.retrieved.map((s) => s.url) });
  if (item.expected_pages) {
    const wide = await retriever.retrieve(bot.chatbot_id, item.question, { pages: 15 });
    const order = wide.pages.map((p) => rootRelative(p.url));
    const rank = order.findIndex((p) => item.expected_pages!.includes(p));
    const best = wide.pages[0]?.coverage ?? 0;
    console.log(
      `${item.id} ${recallHit(item, retrievedAnswers.get(item.id)!) ? 'HIT ' : 'miss'} cited ${recallHit(item, rec) ? 'HIT ' : 'miss'} kw ${keywordHit(item, rec) ? 'ok  ' : 'miss'}${isRefusal(rec.answer) ? ' REFUSED' : ''} rank ${rank < 0 ? '-' : rank + 1} cov ${best.toFixed(2)} ${ms}ms  top: ${topPages(retrievedAnswers.get(item.id)!.sources, 3).join(' ') || '-'}${recallHit(item, retrievedAnswers.get(item.id)!) ? '' : `  (want ${item.expected_pages.join(' | ')})`}`,
    );
  } else {
    const r = await retriever.retrieve(bot.chatbot_id, item.question);
    console.log(
      `${item.id} ${isRefusal(rec.answer) ? 'refused ' : 'ANSWERED'} cov ${(r.pages[0]?.coverage ?? 0).toFixed(2)} ${ms}ms  top: ${topPages(rec.sources, 3).join(' ') || '-'}`,
    );
  }
}
const s = summarise(qa, answers, un);
const retrievedRecall = summarise(qa, retrievedAnswers, un);
console.log(
  JSON.stringify({
    retrievedRecallAt5: retrievedRecall.recallAt5,
    retrievedByDepth: retrievedRecall.recallByDepth,
    citedRecallAt5: s.recallAt5,
    citedByDepth: s.recallByDepth,
    keywordHitRate: s.keywordHitRate,
    answerableRefused: s.answerableRefused,
    refusalRate: s.refusalRate,
    medianMs: s.medianMs,
    p95Ms: s.p95Ms,
  }),
);
await db.close();
