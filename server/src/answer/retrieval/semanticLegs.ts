import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { lsaIndexFor } from '../../embeddings/lsaIndex.js';
import { WordVectorIndex, wordVectorThread } from '../../embeddings/wordVectors.js';
import type { VectorHit, VectorSearch } from './fusion.js';
import type { RetrievalParams } from './params.js';

/**
 * Semantic legs with no model to run (SEMANTIC_LEGS): the site's own LSA space (`lsa`) and GloVe
 * word vectors (`glove`). Each offers its nearest chunks; their similarities are scaled 0..1 within
 * each leg's list and mixed by the legs' shares, so the retriever fuses one list by score
 * (fuseScores) with the legs' shares added up. Never rank fusion (eval/README.md, "Semantic
 * retrieval": RRF lost 0.05 recall@5 on the mean with the same vectors).
 */
export interface SemanticLeg {
  name: 'lsa' | 'glove';
  search: VectorSearch;
  share(p: RetrievalParams): number;
}

export function createSemanticLegs(config: Config, db: Db): SemanticLeg[] {
  return config.semanticLegs.map((name): SemanticLeg => {
    if (name === 'lsa') {
      const index = lsaIndexFor(db);
      return {
        name,
        search: { search: async (bot, q, limit) => (await index.search(bot, q, limit)).map((r) => ({ id: r.id, similarity: r.score })) },
        share: (p) => p.lsaShare,
      };
    }
    const index = new WordVectorIndex(db, wordVectorThread(config.WORD_VECTORS_PATH!));
    return {
      name,
      search: { search: async (bot, q, limit) => (await index.search(bot, q, limit)).map((r) => ({ id: r.id, similarity: r.score })) },
      share: (p) => p.wordVectorShare,
    };
  });
}

/** The legs' lists mixed into one (best first) and the share it gets in the fusion. */
export async function searchLegs(
  legs: SemanticLeg[],
  chatbotId: string,
  question: string,
  limit: number,
  p: RetrievalParams,
): Promise<{ hits: VectorHit[]; share: number }> {
  const active = legs.filter((l) => l.share(p) > 0);
  // A leg that fails (no space yet, unreadable vectors) leaves the others to answer.
  const lists = await Promise.all(active.map((l) => l.search.search(chatbotId, question, limit).catch((): VectorHit[] => [])));
  const mixed = new Map<string, number>();
  let share = 0;
  lists.forEach((hits, i) => {
    if (hits.length === 0) return;
    const s = active[i]!.share(p);
    share += s;
    const values = hits.map((h) => h.similarity);
    const lo = Math.min(...values);
    const span = Math.max(...values) - lo || 1;
    for (const h of hits) mixed.set(h.id, (mixed.get(h.id) ?? 0) + (s * (h.similarity - lo)) / span);
  });
  if (share === 0) return { hits: [], share: 0 };
  const hits = [...mixed].map(([id, v]) => ({ id, similarity: v / share })).sort((a, b) => b.similarity - a.similarity);
  return { hits, share: Math.min(share, p.maxLegShare) };
}
