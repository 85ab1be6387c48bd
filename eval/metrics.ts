/** Per-question results and per-site summaries of the quality harness; the rules are in scoring.ts. */
import type { StoredOutcome } from './api.js';
import { allKeywords, expectedRank, hitAt, isRefusal, isUnsure, pageKey, percentile, topPages, type PageRules } from './scoring.js';

export { isRefusal, percentile, topPages } from './scoring.js';

export interface QaItem {
  id: string;
  question: string;
  expected_pages?: string[];
  answer_keywords?: string[];
  depth?: number;
  style?: string;
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

/** Recall@k is read on the first 5 distinct pages, the reciprocal rank on the first 10. */
export const RECALL_K = 5;
export const MRR_K = 10;

/** One question's outcome, as stored in the JSON report. */
export interface QuestionResult {
  id: string;
  question: string;
  /** Which question file it came from ("pydocs-qa", "sample-unanswerable"…). */
  set: string;
  answerable: boolean;
  style?: string;
  depth?: number;
  expected?: string[];
  answer: string;
  /** The outcome the product stored with the answer (absent in reports from before 2026-11-27). */
  outcome?: StoredOutcome;
  /**
   * Declined: the reply offers no sources and is not an answer. What a visitor sees as "the site
   * does not cover this"; a "not sure" that quotes an unrelated passage is not a decline.
   */
  declined?: boolean;
  /** Refused outright (answerable questions): the same as declined. */
  refused: boolean;
  /** The "not sure" outcome: the closest passage, quoted with a caveat. */
  unsure: boolean;
  /** Pages the answer cites, reduced, in order. */
  cited: string[];
  /** Distinct pages retrieval found (POST …/query, top_k 10), reduced, best first. */
  retrieved: string[];
  /** Expected page among the first 5 retrieved / cited pages (answerable only). */
  hit?: boolean;
  citedHit?: boolean;
  /** The answer's first citation, the page its main quote is from, is an expected page (answerable only). */
  leadHit?: boolean;
  /** 1-based rank of the first expected page among the first 10 retrieved pages, 0 when absent. */
  rank?: number;
  keywordHit?: boolean;
  /** A proxy for an answer a visitor can act on: it leads with an expected page and holds every keyword. */
  usable?: boolean;
  /** Latency of the retrieval call (POST …/query) and of the visitor's message, ms. */
  queryMs: number;
  answerMs: number;
  /** The plain BM25 baseline's pages (first 10), and whether an expected page is in its first 5. */
  bm25?: { pages: string[]; hit: boolean; rank: number };
}

/** The answer leads with an expected page (read off `cited` in reports from before `leadHit` existed). */
export const leads = (r: QuestionResult): boolean =>
  r.leadHit ?? (r.expected !== undefined && r.cited[0] !== undefined && r.expected.includes(r.cited[0]));

/** Declined with no sources (reports from before `declined` existed: a refusal that cited nothing). */
export const declined = (r: QuestionResult): boolean => r.declined ?? (r.refused && r.cited.length === 0);

/** Usable answer: leads with an expected page and holds every keyword (older reports: the same, read off them). */
export const usable = (r: QuestionResult): boolean => r.usable ?? (leads(r) && Boolean(r.keywordHit));

/**
 * Declined and "not sure" from the stored outcome; reports or servers without one fall back to the
 * answer's wording. A reply is declined only when it cites nothing.
 */
function outcomeFlags(answer: string, sources: string[], outcome: StoredOutcome | undefined): { declined: boolean; unsure: boolean } {
  if (outcome === undefined) {
    const unsure = isUnsure(answer);
    return { declined: sources.length === 0 && isRefusal(answer) && !unsure, unsure };
  }
  return { declined: sources.length === 0 && outcome !== 'answer', unsure: outcome === 'unsure' };
}

/** Score one question from what the product (and the baseline) returned. */
export function scoreQuestion(
  item: QaItem,
  set: string,
  got: {
    answer: string;
    sources: string[];
    retrieved: string[];
    queryMs: number;
    answerMs: number;
    bm25?: string[];
    outcome?: StoredOutcome;
  },
  rules: PageRules = {},
): QuestionResult {
  const expected = item.expected_pages;
  const flags = outcomeFlags(got.answer, got.sources, got.outcome);
  const r: QuestionResult = {
    id: item.id,
    question: item.question,
    set,
    answerable: Boolean(expected),
    ...(item.style !== undefined && { style: item.style }),
    ...(item.depth !== undefined && { depth: item.depth }),
    ...(expected && { expected: expected.map((e) => pageKey(e, rules)) }),
    answer: got.answer,
    ...(got.outcome !== undefined && { outcome: got.outcome }),
    declined: flags.declined,
    refused: flags.declined,
    unsure: flags.unsure,
    cited: topPages(got.sources, Infinity, rules),
    retrieved: topPages(got.retrieved, Infinity, rules),
    queryMs: got.queryMs,
    answerMs: got.answerMs,
  };
  if (expected) {
    r.hit = hitAt(expected, got.retrieved, RECALL_K, rules);
    r.citedHit = hitAt(expected, got.sources, RECALL_K, rules);
    r.leadHit = hitAt(expected, got.sources, 1, rules);
    r.rank = expectedRank(expected, got.retrieved, MRR_K, rules);
    r.keywordHit = allKeywords(got.answer, item.answer_keywords);
    r.usable = r.leadHit && r.keywordHit;
    if (got.bm25) {
      r.bm25 = {
        pages: topPages(got.bm25, MRR_K, rules),
        hit: hitAt(expected, got.bm25, RECALL_K, rules),
        rank: expectedRank(expected, got.bm25, MRR_K, rules),
      };
    }
  }
  return r;
}

export interface SiteSummary {
  answerable: number;
  unanswerable: number;
  /** Recall@5 over the pages retrieval found (the owner's /query route). */
  retrievedRecallAt5: number;
  /** Recall@5 over the pages the visitor's answer cites. */
  citedRecallAt5: number;
  /**
   * Share of answerable questions whose answer leads with an expected page (its main quote's page):
   * keyword hits can come from a supporting quote, so a change that moves the main quote off the
   * right page can still gain keywords.
   */
  leadRate: number;
  /** Mean reciprocal rank of the first expected page among the first 10 retrieved pages. */
  mrrAt10: number;
  keywordHitRate: number;
  /** Share of answerable questions with a usable answer (see `usable`). */
  usableRate: number;
  /** Share of the unanswerable questions declined with no sources; null without any. */
  declineRate: number | null;
  /** Share of the unanswerable questions declined or answered "not sure" (the older, looser measure); null without any. */
  refusalRate: number | null;
  /** Answerable questions refused outright (nothing offered). */
  answerableRefused: number;
  answerableRefusedShare: number;
  /** Answerable questions answered "not sure" (closest passage quoted, with a caveat). */
  answerableUnsure: number;
  /** Retrieval call latency over all the site's questions, ms. */
  queryP50Ms: number;
  queryP95Ms: number;
  bm25RecallAt5: number | null;
  bm25MrrAt10: number | null;
  /** Retrieved recall@5 and keyword hit rate per style and per depth. */
  byStyle: Record<string, { n: number; recall: number; keywords: number }>;
  byDepth: Record<string, { n: number; recall: number; keywords: number }>;
}

const share = (n: number, d: number) => (d ? n / d : 0);

function groups(results: QuestionResult[], key: (r: QuestionResult) => string | undefined): SiteSummary['byStyle'] {
  const out: SiteSummary['byStyle'] = {};
  const all = new Map<string, QuestionResult[]>();
  for (const r of results) {
    const k = key(r);
    if (k === undefined) continue;
    all.set(k, [...(all.get(k) ?? []), r]);
  }
  for (const [k, rs] of [...all].sort()) {
    out[k] = {
      n: rs.length,
      recall: share(rs.filter((r) => r.hit).length, rs.length),
      keywords: share(rs.filter((r) => r.keywordHit).length, rs.length),
    };
  }
  return out;
}

export function summariseSite(results: QuestionResult[]): SiteSummary {
  const ans = results.filter((r) => r.answerable);
  const un = results.filter((r) => !r.answerable);
  const withBm25 = ans.filter((r) => r.bm25);
  const times = results.map((r) => r.queryMs);
  return {
    answerable: ans.length,
    unanswerable: un.length,
    retrievedRecallAt5: share(ans.filter((r) => r.hit).length, ans.length),
    citedRecallAt5: share(ans.filter((r) => r.citedHit).length, ans.length),
    leadRate: share(ans.filter(leads).length, ans.length),
    mrrAt10: share(
      ans.reduce((s, r) => s + (r.rank ? 1 / r.rank : 0), 0),
      ans.length,
    ),
    keywordHitRate: share(ans.filter((r) => r.keywordHit).length, ans.length),
    usableRate: share(ans.filter(usable).length, ans.length),
    declineRate: un.length ? share(un.filter(declined).length, un.length) : null,
    refusalRate: un.length ? share(un.filter((r) => declined(r) || r.unsure).length, un.length) : null,
    answerableRefused: ans.filter(declined).length,
    answerableRefusedShare: share(ans.filter(declined).length, ans.length),
    answerableUnsure: ans.filter((r) => r.unsure).length,
    queryP50Ms: percentile(times, 0.5),
    queryP95Ms: percentile(times, 0.95),
    bm25RecallAt5: withBm25.length ? share(withBm25.filter((r) => r.bm25!.hit).length, withBm25.length) : null,
    bm25MrrAt10: withBm25.length
      ? share(
          withBm25.reduce((s, r) => s + (r.bm25!.rank ? 1 / r.bm25!.rank : 0), 0),
          withBm25.length,
        )
      : null,
    byStyle: groups(ans, (r) => r.style),
    byDepth: groups(ans, (r) => (r.depth === undefined ? undefined : String(r.depth))),
  };
}

/** The metrics averaged over sites (each site weighs the same, whatever its number of questions). */
export type MeanSummary = Omit<SiteSummary, 'answerable' | 'unanswerable' | 'byStyle' | 'byDepth'>;

export function meanOverSites(sites: SiteSummary[]): MeanSummary {
  const mean = (pick: (s: SiteSummary) => number | null): number | null => {
    const vals = sites.map(pick).filter((v): v is number => v !== null);
    return vals.length ? vals.reduce((a, b) => a + b, 0) / vals.length : null;
  };
  return {
    retrievedRecallAt5: mean((s) => s.retrievedRecallAt5) ?? 0,
    citedRecallAt5: mean((s) => s.citedRecallAt5) ?? 0,
    leadRate: mean((s) => s.leadRate) ?? 0,
    mrrAt10: mean((s) => s.mrrAt10) ?? 0,
    keywordHitRate: mean((s) => s.keywordHitRate) ?? 0,
    usableRate: mean((s) => s.usableRate) ?? 0,
    declineRate: mean((s) => s.declineRate),
    refusalRate: mean((s) => s.refusalRate),
    answerableRefused: mean((s) => s.answerableRefused) ?? 0,
    answerableRefusedShare: mean((s) => s.answerableRefusedShare) ?? 0,
    answerableUnsure: mean((s) => s.answerableUnsure) ?? 0,
    queryP50Ms: mean((s) => s.queryP50Ms) ?? 0,
    queryP95Ms: mean((s) => s.queryP95Ms) ?? 0,
    bm25RecallAt5: mean((s) => s.bm25RecallAt5),
    bm25MrrAt10: mean((s) => s.bm25MrrAt10),
  };
}

// The single-site tools (diagnose.ts) score AnswerRecords directly.

/** A URL reduced to a path relative to the served root (scoring.ts, without site rules). */
export const rootRelative = (url: string): string => pageKey(url);

export const recallHit = (item: QaItem, rec: AnswerRecord, k = RECALL_K): boolean => hitAt(item.expected_pages ?? [], rec.sources, k);

export const keywordHit = (item: QaItem, rec: AnswerRecord): boolean => allKeywords(rec.answer, item.answer_keywords);

export interface Summary {
  answerable: number;
  recallAt5: number;
  recallByDepth: Record<string, { n: number; recall: number }>;
  keywordHitRate: number;
  answerableRefused: number;
  unanswerable: number;
  refusalRate: number | null;
  medianMs: number;
  p95Ms: number;
}

export function summarise(qa: QaItem[], answers: Map<string, AnswerRecord>, unanswerable: QaItem[]): Summary {
  const answered = qa.map((q) => ({ q, r: answers.get(q.id)! })).filter((x) => x.r);
  const byDepth: Record<string, { n: number; hits: number }> = {};
  for (const x of answered) {
    const d = String(x.q.depth ?? '?');
    byDepth[d] ??= { n: 0, hits: 0 };
    byDepth[d].n++;
    if (recallHit(x.q, x.r)) byDepth[d].hits++;
  }
  const un = unanswerable.map((q) => answers.get(q.id)).filter((r): r is AnswerRecord => Boolean(r));
  const times = [...answers.values()].map((r) => r.ms);
  return {
    answerable: answered.length,
    recallAt5: share(answered.filter((x) => recallHit(x.q, x.r)).length, answered.length),
    recallByDepth: Object.fromEntries(Object.entries(byDepth).map(([d, v]) => [d, { n: v.n, recall: v.hits / v.n }])),
    keywordHitRate: share(answered.filter((x) => keywordHit(x.q, x.r)).length, answered.length),
    answerableRefused: answered.filter((x) => isRefusal(x.r.answer)).length,
    unanswerable: un.length,
    refusalRate: un.length ? share(un.filter((r) => isRefusal(r.answer)).length, un.length) : null,
    medianMs: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
  };
}
