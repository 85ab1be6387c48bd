import type { Evidence, PageHit, QueryTerm, RetrievedChunk, Retrieval } from '../types.js';
import { READING, type RetrievalParams } from './params.js';

/**
 * Does the site cover the question? Coverage is the share of the question's information (the IDF
 * weights of its words; a word the site never uses counts up to double, general English words
 * little) that one passage contains. The evidence is the best coverage among the passages of the
 * first `floorPages` pages, ranked by their passages alone (pageEvidence.ts reorders the pages
 * afterwards, for the answer). Three outcomes:
 *  - answer: evidence ≥ answerFloor;
 *  - unsure: unsureFloor ≤ evidence < answerFloor — the site has something near it; the visitor is
 *    told so plainly and offered the closest pages;
 *  - none: the site has nothing about it: a refusal with no sources.
 * Both floors come from one rule over every dev site's answerable and unanswerable questions
 * together (eval/README.md, "Refusals").
 */

/**
 * A passage found by semantic search alone has no words in common with the question to measure.
 * It may clear the floor by similarity only where the model's similarity tells covered questions from
 * uncovered ones. For the local model it does not: on the dev sites the best cosine similarity of
 * unanswerable questions is as high as that of answerable ones (medians 0.57/0.56 sample, 0.65/0.62
 * debian, 0.73/0.71 git; eval/README.md, "Semantic retrieval"). So by default the vector leg orders
 * the passages (fusion) and the outcome is read off the words of the passages that ordering puts
 * first; a `VectorFloor` is an option for a model shown to separate the two.
 */
export interface VectorFloor {
  /** Least cosine similarity. */
  minSimilarity: number;
  /** Least margin over the median similarity of the vector list. */
  minMargin: number;
}

/**
 * How much more a word the site never uses counts against coverage than a known rare word. What the
 * absence says grows with how much the site has written: a few pages use few words ("switch" may
 * just not be one of them), a large site that never says "Heroku" does not cover Heroku. So from 1
 * for a handful of chunks to nearly 2 for a large site: 1 + n / (n + UNKNOWN_HALF_CHUNKS).
 */
const UNKNOWN_HALF_CHUNKS = READING.unknownHalfChunks;
export const unknownTermWeight = (chunks: number): number => 1 + chunks / (chunks + UNKNOWN_HALF_CHUNKS);

/** A passage's evidence: its coverage, or full evidence when semantic search alone clears it. */
const passageEvidence = (c: Pick<RetrievedChunk, 'coverage' | 'vectorClears'>): number => (c.vectorClears ? 1 : c.coverage);

/** The best passage evidence among the first `floorPages` pages (ranked by their passages). */
export function questionEvidence(byPassage: PageHit[], p: RetrievalParams): number {
  let best = 0;
  for (const page of byPassage.slice(0, p.floorPages)) for (const c of page.chunks) best = Math.max(best, passageEvidence(c));
  return best;
}

/** Which of the three outcomes that evidence earns. */
export function outcomeOf(evidence: number, p: RetrievalParams): Evidence {
  if (evidence >= p.answerFloor) return 'answer';
  if (evidence >= p.unsureFloor) return 'unsure';
  return 'none';
}

/**
 * The pages to offer: for an answer, the best page and the next ones that score at least
 * secondaryPageShare of it and have some evidence of their own; for "unsure", the closest pages;
 * for none, nothing (unless the evaluation asks to see them anyway).
 */
export function cutAtFloor(
  terms: QueryTerm[],
  ordered: PageHit[],
  outcome: Evidence,
  evidence: number,
  wantPages: number,
  p: RetrievalParams,
  keepBelowFloor = false,
): Retrieval {
  const base = { terms, outcome, evidence, covered: outcome === 'answer' };
  if (outcome === 'none') return { ...base, pages: keepBelowFloor ? ordered.slice(0, wantPages) : [] };
  const best = ordered[0]!;
  const eligible = (page: PageHit) => page.coverage >= p.unsureFloor || page.chunks.some((c) => c.vectorClears);
  const kept = ordered.filter((page, i) => i === 0 || (page.score >= best.score * p.secondaryPageShare && eligible(page)));
  return { ...base, pages: (keepBelowFloor ? ordered : kept).slice(0, wantPages) };
}
