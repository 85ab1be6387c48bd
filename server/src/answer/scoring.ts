import type { QueryTerm } from './types.js';

/**
 * Ranking of candidate chunks, in JS because PostgreSQL's ts_rank_cd has no notion of term rarity:
 * with an OR query over a natural-language question, chunks full of common words ("file", "use")
 * would beat the one chunk naming the rare word the question is really about. So: BM25F over the
 * weighted tsvector positions the database already computed (A = page title, B = heading path,
 * C = body), plus a bonus when query terms appear next to each other as they do in the question.
 */

/** Occurrences of one query lexeme in a chunk: positions and their weight labels (A-D). */
export interface TermHit {
  positions: number[];
  weights: string[];
}

const FIELD_WEIGHT: Record<string, number> = { A: 2, B: 2, C: 1, D: 1 };
const K1 = 0.8;
const B = 0.5;
/** Share of the rarer word's IDF added for each pair of question words found side by side. */
const PHRASE = 0.5;

export function idf(df: number, total: number): number {
  return Math.log(1 + (total - df + 0.5) / (df + 0.5));
}

/** Numbers and single letters say little about what a question is about. */
export function coverageWeightOf(lexeme: string): number {
  if (/^[\d.,_-]+$/.test(lexeme)) return 0.3;
  if (lexeme.length === 1) return 0.2;
  return 1;
}

export interface ChunkScore {
  score: number;
  /** The phrase part of the score (question terms adjacent in the passage too). */
  phrase: number;
  coverage: number;
  matched: string[];
}

/**
 * Score one chunk. `len` is its tsvector length (distinct lexemes), `avgLen` the candidates' mean.
 */
export function scoreChunk(terms: QueryTerm[], hits: Map<string, TermHit>, len: number, avgLen: number): ChunkScore {
  const norm = 1 - B + B * (len / Math.max(1, avgLen));
  let score = 0;
  let covered = 0;
  let coverTotal = 0;
  const matched: string[] = [];
  for (const t of terms) {
    const w = t.coverageWeight * t.idf;
    coverTotal += w;
    const hit = hits.get(t.lexeme);
    if (!hit || hit.positions.length === 0) continue;
    let tf = 0;
    for (const label of hit.weights) tf += FIELD_WEIGHT[label] ?? 1;
    score += t.scoreWeight * ((tf * (K1 + 1)) / (tf + K1 * norm));
    covered += w;
    matched.push(t.lexeme);
  }
  const phrase = phraseBonus(terms, hits);
  score += phrase;
  return { score, phrase, coverage: coverTotal > 0 ? covered / coverTotal : 0, matched };
}

/**
 * Bonus for pairs of terms that sit close together in the question and in the chunk, in the same
 * order: "nicely indented JSON" next to each other beats the same words scattered over a page.
 */
export function phraseBonus(terms: QueryTerm[], hits: Map<string, TermHit>): number {
  let bonus = 0;
  for (let i = 0; i < terms.length; i++) {
    for (let j = 0; j < terms.length; j++) {
      if (i === j) continue;
      const a = terms[i]!;
      const b = terms[j]!;
      const gap = minForwardGap(a.positions, b.positions);
      if (gap === undefined || gap > 3) continue;
      const ha = hits.get(a.lexeme);
      const hb = hits.get(b.lexeme);
      if (!ha || !hb) continue;
      const docGap = minForwardGap(ha.positions, hb.positions);
      if (docGap !== undefined && docGap <= gap + 1) bonus += PHRASE * Math.min(a.idf, b.idf);
    }
  }
  return bonus;
}

/** Smallest q - p > 0 over p in from, q in to (positions are sorted ascending). */
function minForwardGap(from: number[], to: number[]): number | undefined {
  let best: number | undefined;
  let j = 0;
  for (const p of from) {
    while (j < to.length && to[j]! <= p) j++;
    if (j < to.length) {
      const g = to[j]! - p;
      if (best === undefined || g < best) best = g;
    }
  }
  return best;
}

/** Reciprocal rank fusion of several best-first id lists (k = 60, the usual constant). */
export function reciprocalRankFusion(lists: string[][], k = 60): Map<string, number> {
  const fused = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, rank) => fused.set(id, (fused.get(id) ?? 0) + 1 / (k + rank + 1)));
  }
  return fused;
}
