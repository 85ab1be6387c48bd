import type { PageHit, QueryTerm, RetrievedChunk, Retrieval } from '../types.js';

/**
 * The relevance floor: does the site cover the question at all? Coverage is the share of the
 * question's information (the IDF weights of its words; a word the site never uses counts up to
 * double, general English words little) that one passage contains. One of the first FLOOR_PAGES pages, ranked by
 * their passages alone (the floor was chosen so; pageEvidence.ts reorders them afterwards, for the
 * answer), must have a passage holding RELEVANCE_FLOOR of it, or at least
 * RELAXED_FLOOR made of RELAXED_FLOOR_WORDS distinct content words: long questions phrase things
 * their own way, and four of their words meeting in one passage is evidence that an unrelated
 * question's one or two stray matches are not.
 *
 * The value comes from the dev set (eval/dev: 87 answerable, 30 unanswerable questions, none of
 * them the scored ones) by a fixed rule: the best balanced accuracy (mean of the share of answerable
 * questions kept and of unanswerable ones refused), at the middle of the floors that reach it.
 * 85 of 87 answerable questions clear any floor from 0.32 to 0.54; 29 of 30 unanswerable ones are
 * refused from 0.50 to 0.54. `tsx eval/floorSweep.ts DATA_DIR` redoes it. Looking at the first
 * three pages rather than the first one kept three more answerable dev questions and refused as
 * many; looking at five answered one more unanswerable one.
 */
export const RELEVANCE_FLOOR = 0.52;
export const RELAXED_FLOOR = 0.25;
export const RELAXED_FLOOR_WORDS = 4;
export const FLOOR_PAGES = 3;

/**
 * A passage found by semantic search alone has no words in common with the question to measure.
 * It clears the floor when its cosine similarity is high in absolute terms and stands out from the
 * rest of the vector list: an unrelated question still has nearest neighbours, but they are all
 * about equally far. Both values depend on the embedding model, so they are constructor options.
 */
export interface VectorFloor {
  /** Least cosine similarity (default 0.5). */
  minSimilarity: number;
  /** Least margin over the median similarity of the vector list (default 0.05). */
  minMargin: number;
}
export const DEFAULT_VECTOR_FLOOR: VectorFloor = { minSimilarity: 0.5, minMargin: 0.05 };

/** Whether a passage clears the relevance floor. */
export function clearsFloor(terms: QueryTerm[], chunk: Pick<RetrievedChunk, 'coverage' | 'matched' | 'vectorClears'>): boolean {
  if (chunk.vectorClears) return true;
  if (chunk.coverage >= RELEVANCE_FLOOR) return true;
  const content = new Set(terms.filter((t) => t.coverageWeight >= 0.9).map((t) => t.lexeme));
  const words = chunk.matched.filter((m) => content.has(m)).length;
  return chunk.coverage >= RELAXED_FLOOR && words >= RELAXED_FLOOR_WORDS;
}

/**
 * How much more a word the site never uses counts against coverage than a known rare word. What the
 * absence says grows with how much the site has written: a few pages use few words ("switch" may
 * just not be one of them), a large site that never says "Heroku" does not cover Heroku. So from 1
 * for a handful of chunks to nearly 2 for a large site: 1 + n / (n + UNKNOWN_HALF_CHUNKS).
 */
const UNKNOWN_HALF_CHUNKS = 1000;
export const unknownTermWeight = (chunks: number): number => 1 + chunks / (chunks + UNKNOWN_HALF_CHUNKS);
/** Later pages must score at least this share of the best page to be offered as sources. */
const SECONDARY_PAGE_SHARE = 0.3;

/** Whether the site covers the question: one of the first FLOOR_PAGES pages by passage evidence has a passage above the floor. */
export function coversQuestion(terms: QueryTerm[], byPassage: PageHit[]): boolean {
  return byPassage.slice(0, FLOOR_PAGES).some((p) => p.chunks.some((c) => clearsFloor(terms, c)));
}

/** The first wantPages of the best-first pages, or none when the site does not cover the question. */
export function cutAtFloor(terms: QueryTerm[], ordered: PageHit[], covered: boolean, wantPages: number, keepBelowFloor = false): Retrieval {
  if (!covered) return { terms, pages: keepBelowFloor ? ordered.slice(0, wantPages) : [], covered: false };
  const best = ordered[0]!;
  const eligible = (p: PageHit) => p.coverage >= RELAXED_FLOOR || p.chunks.some((c) => c.vectorClears);
  const kept = ordered.filter((p, i) => i === 0 || (p.score >= best.score * SECONDARY_PAGE_SHARE && eligible(p)));
  return { terms, pages: kept.slice(0, wantPages), covered: true };
}
