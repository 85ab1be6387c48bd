/** Scoring rules of the quality harness (see ../shared/corpora/README.md, "Scoring"). */

export interface QaItem {
  id: string;
  question: string;
  expected_pages?: string[];
  answer_keywords?: string[];
  depth?: number;
}

export interface AnswerRecord {
  id: string;
  question: string;
  answer: string;
  /** Source URLs in the order the product gave them (the pages the answer cites). */
  sources: string[];
  /** Pages retrieval found for the question, best first (POST /chatbots/{id}/query), when asked. */
  retrieved?: string[];
  ms: number;
}

/** A URL reduced to a path relative to the served root: no scheme, host, query or fragment. */
export function rootRelative(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.replace(/[?#].*$/, '');
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    /* keep as is */
  }
  return path.replace(/^\/+/, '');
}

/** The first k distinct pages, in rank order. */
export function topPages(urls: string[], k = 5): string[] {
  const out: string[] = [];
  for (const u of urls) {
    const p = rootRelative(u);
    if (!out.includes(p)) out.push(p);
    if (out.length === k) break;
  }
  return out;
}

export const recallHit = (item: QaItem, rec: AnswerRecord, k = 5): boolean =>
  topPages(rec.sources, k).some((p) => (item.expected_pages ?? []).includes(p));

export const keywordHit = (item: QaItem, rec: AnswerRecord): boolean =>
  (item.answer_keywords ?? []).every((k) => rec.answer.toLowerCase().includes(k.toLowerCase()));

/** Whether an answer says the site does not cover the question. */
export function isRefusal(answer: string): boolean {
  return /couldn['’]t find|could not find|can['’]t find|cannot find|(does not|doesn['’]t|do not|don['’]t) (seem to )?cover|not covered|no (relevant )?information/i.test(answer);
}

export interface Summary {
  answerable: number;
  /** Recall@5 over the pages the answer cites (the message's sources). */
  recallAt5: number;
  /** Recall@5 over the pages retrieval found (the /query route's sources); null when not asked. */
  retrievedRecallAt5: number | null;
  retrievedRecallByDepth: Record<string, { n: number; recall: number }> | null;
  keywordHitRate: number;
  answerableRefused: number;
  unanswerable: number;
  refusalRate: number | null;
  recallByDepth: Record<string, { n: number; recall: number }>;
  medianMs: number;
  p95Ms: number;
}

export function summarise(qa: QaItem[], answers: Map<string, AnswerRecord>, unanswerable: QaItem[]): Summary {
  const answered = qa.map((q) => ({ q, r: answers.get(q.id)! })).filter((x) => x.r);
  const recall = answered.filter((x) => recallHit(x.q, x.r)).length;
  const kw = answered.filter((x) => keywordHit(x.q, x.r)).length;
  const byDepth: Record<string, { n: number; hits: number }> = {};
  for (const x of answered) {
    const d = String(x.q.depth ?? '?');
    byDepth[d] ??= { n: 0, hits: 0 };
    byDepth[d].n++;
    if (recallHit(x.q, x.r)) byDepth[d].hits++;
  }
  const withRetrieved = answered.filter((x) => x.r.retrieved);
  const retrievedHit = (x: { q: QaItem; r: AnswerRecord }) => recallHit(x.q, { ...x.r, sources: x.r.retrieved ?? [] });
  const retrievedByDepth: Record<string, { n: number; hits: number }> = {};
  for (const x of withRetrieved) {
    const d = String(x.q.depth ?? '?');
    retrievedByDepth[d] ??= { n: 0, hits: 0 };
    retrievedByDepth[d].n++;
    if (retrievedHit(x)) retrievedByDepth[d].hits++;
  }
  const un = unanswerable.map((q) => answers.get(q.id)).filter((r): r is AnswerRecord => Boolean(r));
  const times = [...answers.values()].map((r) => r.ms).sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return {
    answerable: answered.length,
    recallAt5: answered.length ? recall / answered.length : 0,
    retrievedRecallAt5: withRetrieved.length ? withRetrieved.filter(retrievedHit).length / withRetrieved.length : null,
    retrievedRecallByDepth: withRetrieved.length
      ? Object.fromEntries(Object.entries(retrievedByDepth).map(([d, v]) => [d, { n: v.n, recall: v.hits / v.n }]))
      : null,
    keywordHitRate: answered.length ? kw / answered.length : 0,
    answerableRefused: answered.filter((x) => isRefusal(x.r.answer)).length,
    unanswerable: un.length,
    refusalRate: un.length ? un.filter((r) => isRefusal(r.answer)).length / un.length : null,
    recallByDepth: Object.fromEntries(Object.entries(byDepth).map(([d, v]) => [d, { n: v.n, recall: v.hits / v.n }])),
    medianMs: pct(0.5),
    p95Ms: pct(0.95),
  };
}
