import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import type { VectorSearch } from './fusion.js';

/**
 * Semantic search over `chunk_embeddings` (written by the indexer when an embedding provider is
 * configured): embed the question with the same OpenAI-compatible /embeddings endpoint, then an
 * exact per-bot cosine search (STACK.md: exact search beats a filtered HNSW for per-bot corpora).
 * Absent table, no provider or any failure → no vector list, and full text answers alone.
 */
export function createVectorSearch(config: Config, db: Db): VectorSearch | undefined {
  if (!config.EMBEDDING_BASE_URL || !config.EMBEDDING_MODEL) return undefined;
  let tableChecked: { at: number; exists: boolean } | undefined;
  const tableExists = async () => {
    if (tableChecked && Date.now() - tableChecked.at < 60_000) return tableChecked.exists;
    const rows = await db.query<{ t: string | null }>(`SELECT to_regclass('chunk_embeddings')::text AS t`);
    tableChecked = { at: Date.now(), exists: Boolean(rows[0]?.t) };
    return tableChecked.exists;
  };
  return {
    async search(chatbotId, question, limit) {
      if (!(await tableExists())) return [];
      const vector = await embedQuery(config, question);
      const rows = await db.query<{ id: string; distance: number }>(
        `SELECT e.chunk_id::text AS id, e.embedding <=> $2::vector AS distance FROM chunk_embeddings e JOIN chunks c ON c.id = e.chunk_id
          WHERE e.chatbot_id = $1 AND c.live
          ORDER BY distance LIMIT $3`,
        [chatbotId, `[${vector.join(',')}]`, limit],
      );
      // <=> is the cosine distance: similarity = 1 - distance.
      return rows.map((r) => ({ id: r.id, similarity: 1 - Number(r.distance) }));
    },
  };
}

async function embedQuery(config: Config, text: string): Promise<number[]> {
  const base = config.EMBEDDING_BASE_URL!.replace(/\/+$/, '');
  const res = await fetch(/\/embeddings$/.test(base) ? base : `${base}/embeddings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(config.EMBEDDING_API_KEY ? { authorization: `Bearer ${config.EMBEDDING_API_KEY}` } : {}),
    },
    body: JSON.stringify({ model: config.EMBEDDING_MODEL, input: text.slice(0, 2000) }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`embedding endpoint answered HTTP ${res.status}`);
  const json = (await res.json()) as { data?: { embedding?: number[] }[] };
  const embedding = json.data?.[0]?.embedding;
  if (!Array.isArray(embedding) || !embedding.every((x) => Number.isFinite(x))) throw new Error('embedding endpoint sent no vector');
  return embedding;
}
