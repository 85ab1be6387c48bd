import type { QueryTerm } from '../types.js';
import type { RetrievalParams } from './params.js';

/**
 * Ranking of candidate chunks, in JS because PostgreSQL's ts_rank_cd has no notion of term rarity:
 * with an OR query over a natural-language question, chunks full of common words ("file", "use")
 * would beat the one chunk naming the rare word the question is really about. So: BM25 over the
 * weighted tsvector positions the database already computed (A = page title, B = heading path,
 * C = body), each term weighted by its IDF in the bot, plus a bonus when query terms appear next to
 * each other as they do in the question.
 *
 * Fields are saturated separately: the body's term frequency goes through BM25's saturation, and a
 * term in the page title or the section's heading path adds a fixed share of its weight. Summing the
 * fields' frequencies before saturating (classic BM25F) let a body that repeats a word drown the
 * evidence of a title or heading that names it, and a heading naming the question's subject is the
 * strongest sign that a section is about it. Tried on the dev set (eval/dev): summed frequencies
 * with title and heading weighted 1-3x moved nothing; separate saturation raised the dev set's
 * mean reciprocal rank from 0.69 to 0.74.
 */

/** Occurrences of one query lexeme in a chunk: positions and their weight labels (A-D). */
export interface TermHit {
  positions: number[];
  weights: string[];
  /**
   * The page's name (title or URL path) has a word the lexeme is a prefix of, or that is a prefix
   * of it ("auth" and "authentication", "calc" and "calculator"): counts as this share of a title match.
   */
  nameShare?: number;
}

export function idf(df: number, total: number): number {
  return Math.log(1 + (total - df + 0.5) / (df + 0.5));
}

/** A number ("0.1", "404", "3.11"), as the parser reads one. */
export const isNumeric = (lexeme: string): boolean => /^[\d.,_-]+$/.test(lexeme);

/** Numbers and single letters say little about what a question is about. */
export function coverageWeightOf(lexeme: string): number {
  if (isNumeric(lexeme)) return 0.3;
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
 * Score one chunk. `len` is its tsvector length (distinct lexemes), `avgLen` the bot's mean, `anchored`
 * the question lexemes its page's in-link anchor text has.
 */
export function scoreChunk(
  terms: QueryTerm[],
  hits: Map<string, TermHit>,
  len: number,
  avgLen: number,
  p: RetrievalParams,
  anchored: ReadonlySet<string> = new Set(),
): ChunkScore {
  const norm = 1 - p.b + p.b * (len / Math.max(1, avgLen));
  let score = 0;
  let covered = 0;
  let coverTotal = 0;
  const matched: string[] = [];
  for (const t of terms) {
    const w = t.coverageWeight * t.idf;
    coverTotal += w;
    // The page's in-link anchor text names it as other pages do: a field of the page, so it ranks
    // the passage but does not count toward whether the passage itself covers the question.
    const anchor = anchored.has(t.lexeme) ? p.anchorShare * t.scoreWeight : 0;
    score += anchor;
    const hit = hits.get(t.lexeme);
    if (!hit) continue;
    let body = 0;
    let title = hit.nameShare ?? 0;
    let heading = 0;
    for (const label of hit.weights) {
      if (label === 'A') title = 1;
      else if (label === 'B') heading = 1;
      else body++;
    }
    // A name match alone (no occurrence of the word itself) covers the word only in part.
    const share = hit.positions.length > 0 ? 1 : (hit.nameShare ?? 0);
    if (share <= 0) continue;
    score += t.scoreWeight * ((body * (p.k1 + 1)) / (body + p.k1 * norm) + p.titleShare * title + p.headingShare * heading);
    covered += w * share;
    matched.push(t.lexeme);
  }
  const phrase = phraseBonus(terms, hits, p.phraseShare);
  score += phrase;
  return { score, phrase, coverage: coverTotal > 0 ? covered / coverTotal : 0, matched };
}

/**
 * Textbook BM25 of one passage (k1 1.2, b 0.75, every field's occurrences counted alike, each of the
 * question's words once): not the ranking, but the yardstick it must not fall below (plainSlot in
 * params.ts). `len` and `avgLen` as in scoreChunk.
 */
export function plainBm25(terms: QueryTerm[], hits: Map<string, TermHit>, len: number, avgLen: number): number {
  const norm = PLAIN_K1 * (1 - PLAIN_B + (PLAIN_B * len) / Math.max(1, avgLen));
  let score = 0;
  for (const t of terms) {
    const tf = hits.get(t.lexeme)?.positions.length ?? 0;
    if (tf > 0) score += (t.idf * tf * (PLAIN_K1 + 1)) / (tf + norm);
  }
  return score;
}
const PLAIN_K1 = 1.2;
const PLAIN_B = 0.75;

/**
 * Bonus for pairs of terms that sit close together in the question and in the chunk, in the same
 * order: a phrase of the question found as a phrase beats the same words scattered over a page.
 */
export function phraseBonus(terms: QueryTerm[], hits: Map<string, TermHit>, share: number): number {
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
      if (docGap !== undefined && docGap <= gap + 1) bonus += share * Math.min(a.idf, b.idf);
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
