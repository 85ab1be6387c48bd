/** Ask one bot every question of a site and score the answers, the retrieval and the BM25 baseline. */
import { readFileSync } from 'node:fs';
import { askAsVisitor, queryAsOwner, type ApiTarget } from './api.js';
import { questionLexemes, type Bm25Index } from './bm25.js';
import type { Queryable } from '../server/src/db/db.js';
import { scoreQuestion, type QaItem, type QuestionResult } from './metrics.js';
import type { PageRules } from './scoring.js';
import type { QuestionFile } from './sites.js';

export interface LabelledItem {
  item: QaItem;
  set: string;
}

export function readJsonl(file: string): QaItem[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l) as QaItem;
      } catch {
        throw new Error(`${file}:${i + 1}: not a JSON object`);
      }
    });
}

/** Every question of the files, labelled by set; a repeated id is an error (results are keyed by id). */
export function readQuestions(files: QuestionFile[], answerable: boolean): LabelledItem[] {
  const out: LabelledItem[] = [];
  for (const f of files) {
    for (const item of readJsonl(f.file)) {
      if (answerable && !item.expected_pages?.length) throw new Error(`${f.file}: ${item.id} has no expected_pages`);
      out.push({ item: answerable ? item : { id: item.id, question: item.question }, set: f.set });
    }
  }
  const seen = new Set<string>();
  for (const { item } of out) {
    if (seen.has(item.id)) throw new Error(`question id ${item.id} appears twice`);
    seen.add(item.id);
  }
  return out;
}

export interface EvalTarget extends ApiTarget {
  botId: string;
  /** The database, for the baseline's analyser; without it (a remote server) there is no baseline. */
  db?: Queryable;
  bm25?: Bm25Index;
  rules: PageRules;
}

export function resultLine(r: QuestionResult): string {
  const pages = (r.answerable ? r.retrieved : r.cited).slice(0, r.answerable ? 5 : 3).join(' ') || '-';
  if (!r.answerable)
    return `${r.id} ${r.declined ? 'declined' : r.unsure ? 'UNSURE  ' : 'ANSWERED'} ${Math.round(r.queryMs)}ms  top: ${pages}`;
  const flag = (b: boolean | undefined) => (b ? 'HIT ' : 'miss');
  return (
    `${r.id} retrieved ${flag(r.hit)} cited ${flag(r.citedHit)} rank ${r.rank || '-'} kw ${r.keywordHit ? 'ok  ' : 'miss'}${r.usable ? ' usable' : ''}` +
    `${r.bm25 ? ` bm25 ${flag(r.bm25.hit)}` : ''}${r.refused ? ' REFUSED' : ''} ${Math.round(r.queryMs)}ms  top: ${pages}` +
    `${r.hit ? '' : `  (want ${r.expected!.join(' | ')})`}`
  );
}

export async function evaluateBot(t: EvalTarget, questions: LabelledItem[], log: (line: string) => void): Promise<QuestionResult[]> {
  const results: QuestionResult[] = [];
  // One question first, not measured: the latency figures are a warm server's, not the first
  // query's (caches filled, the database's pages read once).
  if (questions[0]) await queryAsOwner(t, t.botId, questions[0].item.question);
  for (const { item, set } of questions) {
    const visitor = await askAsVisitor(t, t.botId, item.question);
    const retrieval = await queryAsOwner(t, t.botId, item.question);
    let bm25: string[] | undefined;
    if (t.bm25 && t.db && item.expected_pages)
      bm25 = t.bm25.search(await questionLexemes(t.db, item.question, t.bm25.textConfig)).map((h) => h.page);
    const r = scoreQuestion(
      item,
      set,
      {
        answer: visitor.answer,
        sources: visitor.sources,
        retrieved: retrieval.pages,
        queryMs: round1(retrieval.ms),
        answerMs: round1(visitor.ms),
        bm25,
        outcome: visitor.outcome,
      },
      t.rules,
    );
    results.push(r);
    log(resultLine(r));
  }
  return results;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;
