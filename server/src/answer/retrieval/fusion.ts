import type { RetrievedChunk } from '../types.js';
import type { VectorFloor } from './floor.js';

export interface VectorHit {
  id: string;
  /** Cosine similarity (1 = same direction). */
  similarity: number;
}

/** Optional semantic search, fused with the full-text scores when embeddings exist. */
export interface VectorSearch {
  /** Chunks best-first, or [] when the bot has no embeddings. */
  search(chatbotId: string, question: string, limit: number): Promise<VectorHit[]>;
}

/** Ids of the vector hits that clear the floor on their own (see VectorFloor). */
export function vectorClearance(hits: VectorHit[], floor: VectorFloor): Set<string> {
  const sims = hits
    .map((h) => h.similarity)
    .filter((s) => Number.isFinite(s))
    .sort((a, b) => a - b);
  if (sims.length === 0) return new Set();
  const median = sims[Math.floor(sims.length / 2)]!;
  return new Set(hits.filter((h) => h.similarity >= floor.minSimilarity && h.similarity - median >= floor.minMargin).map((h) => h.id));
}

/**
 * Score fusion that keeps the full-text scale: (1 - share) x the passage's full-text score + share x
 * the best full-text score x its similarity scaled between the list's least and greatest (0..1).
 */
export function fuseScores(hits: VectorHit[], byId: Map<string, RetrievedChunk>, share: number): RetrievedChunk[] {
  const sims = new Map(hits.map((h) => [h.id, h.similarity]));
  const values = hits.map((h) => h.similarity);
  const lo = Math.min(...values);
  const span = Math.max(...values) - lo || 1;
  const top = Math.max(0, ...[...byId.values()].map((c) => c.score)) || 1;
  return [...byId.values()]
    .map((c) => {
      const sim = sims.get(c.id);
      const v = sim === undefined ? 0 : (sim - lo) / span;
      return { ...c, score: (1 - share) * c.score + share * top * v };
    })
    .sort((a, b) => b.score - a.score);
}
