/**
 * How the relevance floor was chosen: `tsx eval/floorSweep.ts DATA_DIR [QA.jsonl UNANSWERABLE.jsonl]`
 * (default: the dev set). For each question, the passages of the first FLOOR_PAGES pages with their
 * coverage and matched content words; then, for each candidate RELEVANCE_FLOOR (the relaxed rule
 * unchanged), how many answerable questions clear it and how many unanswerable ones are refused,
 * and the rule's pick: the middle of the floors with the best balanced accuracy (mean of the share
 * of answerable questions kept and the share of unanswerable ones refused). Run it on the dev set,
 * never on the scored questions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FLOOR_PAGES, RELAXED_FLOOR, RELAXED_FLOOR_WORDS, RELEVANCE_FLOOR } from '../server/src/answer/retrieval/floor.js';
import { FullTextRetriever } from '../server/src/answer/retrieval/retriever.js';
import { openPglite } from '../server/src/db/pglite.js';
import type { QaItem } from './metrics.js';

const [dataDir, qaFile = 'eval/dev/pydocs-dev-qa.jsonl', unFile = 'eval/dev/pydocs-dev-unanswerable.jsonl'] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: tsx eval/floorSweep.ts DATA_DIR [QA.jsonl UNANSWERABLE.jsonl]');
const readJsonl = (f: string): QaItem[] =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as QaItem);

const db = await openPglite(path.join(dataDir, 'pglite'));
const [bot] = await db.query<{ chatbot_id: string }>(
  'SELECT chatbot_id::text AS chatbot_id FROM chunks WHERE live GROUP BY chatbot_id ORDER BY count(*) DESC LIMIT 1',
);
if (!bot) throw new Error('no chunks in that data dir');
const retriever = new FullTextRetriever(db);

/** Per question: (coverage, content words matched) of each passage the floor looks at. */
async function evidence(question: string): Promise<{ coverage: number; words: number }[]> {
  const r = await retriever.retrieve(bot!.chatbot_id, question, { keepBelowFloor: true, passageOrder: true });
  const content = new Set(r.terms.filter((t) => t.coverageWeight >= 0.9).map((t) => t.lexeme));
  return r.pages
    .slice(0, FLOOR_PAGES)
    .flatMap((p) => p.chunks)
    .map((c) => ({ coverage: c.coverage, words: c.matched.filter((m) => content.has(m)).length }));
}

const answerable = await Promise.all(readJsonl(qaFile).map(async (q) => ({ id: q.id, ev: await evidence(q.question) })));
const unanswerable = await Promise.all(readJsonl(unFile).map(async (q) => ({ id: q.id, ev: await evidence(q.question) })));
const clears = (ev: { coverage: number; words: number }[], floor: number) =>
  ev.some((e) => e.coverage >= floor || (e.coverage >= RELAXED_FLOOR && e.words >= RELAXED_FLOOR_WORDS));

console.log(`floor  answerable kept  unanswerable refused  balanced   (current ${RELEVANCE_FLOOR})`);
const sweep: { floor: number; balanced: number }[] = [];
for (let f = 0.3; f <= 0.6001; f += 0.02) {
  const kept = answerable.filter((q) => clears(q.ev, f));
  const refused = unanswerable.filter((q) => !clears(q.ev, f));
  const balanced = (kept.length / answerable.length + refused.length / unanswerable.length) / 2;
  sweep.push({ floor: f, balanced });
  console.log(
    `${f.toFixed(2)}   ${String(kept.length).padStart(3)}/${answerable.length}           ${String(refused.length).padStart(3)}/${unanswerable.length}              ${balanced.toFixed(3)}` +
      `   refused answerable: ${answerable.filter((q) => !clears(q.ev, f)).map((q) => q.id).join(' ') || '-'}; answered unanswerable: ${unanswerable.filter((q) => clears(q.ev, f)).map((q) => q.id).join(' ') || '-'}`,
  );
}
// The rule: the highest balanced accuracy, and the middle of the floors that reach it.
const top = Math.max(...sweep.map((x) => x.balanced));
const best = sweep.filter((x) => x.balanced >= top - 1e-9).map((x) => x.floor);
console.log(`best balanced accuracy ${top.toFixed(3)} for floors ${best[0]!.toFixed(2)}-${best[best.length - 1]!.toFixed(2)}: middle ${((best[0]! + best[best.length - 1]!) / 2).toFixed(2)}`);
await db.close();
