import type { RetrievedChunk } from '../types.js';
import type { VectorFloor } from './floor.js';
import { reciprocalRankFusion } from './scoring.js';

export interface VectorHit {
  id: string;
  /** Cosine similarity (1 = same direction). */
  similarity: number;
}

/** Optional semantic search, fused by reciprocal rank when embeddings exist. */
export interface VectorSearch {
  /** Chunks best-first, or [] when the bot has no embeddings. */
  search(chatbotId: string, question: string, limit: number): Promise<VectorHit[]>;
}

/** Ids of the vector hits that clear the floor on their own (see VectorFloor). */
export function vectorClearance(hits: VectorHit[], floor: VectorFloor): Set<string> {
  const sims = hits.map((h) => h.similarity).filter((s) => Number.isFinite(s)).sort((a, b) => a - b);
  if (sims.length === 0) return new Set();
  const median = sims[Math.floor(sims.length / 2)]!;
  return new Set(hits.filter((h) => h.similarity >= floor.minSimilarity && h.similarity - median >= floor.minMargin).map((h) => h.id));
}

/** Order chunks by RRF over the two lists; the fused value becomes the score. */
export function fuseRankings(textIds: string[], vectorIds: string[], byId: Map<string, RetrievedChunk>, k = 60): RetrievedChunk[] {
  const fused = reciprocalRankFusion([textIds, vectorIds], k);
  return [...fused.entries()]
    .filter(([id]) => byId.has(id))
    .sort((a, b) => b[1] - a[1])
    .map(([id, score]) => ({ ...byId.get(id)!, score }));
}
