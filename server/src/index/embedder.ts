import type { Config } from '../config.js';
import type { Db } from '../db/db.js';

/**
 * Optional embeddings through an OpenAI-compatible /embeddings endpoint the operator configured
 * (EMBEDDING_BASE_URL + EMBEDDING_MODEL). This is the operator's own service, not a crawled site,
 * so it does not go through safeFetch (which would refuse a local Ollama on 127.0.0.1).
 * Full-text search works without any of this.
 */
export interface Embedder {
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

const BATCH = 64;

export function createEmbedder(config: Config): Embedder | undefined {
  if (!config.EMBEDDING_BASE_URL || !config.EMBEDDING_MODEL) return undefined;
  const base = config.EMBEDDING_BASE_URL.replace(/\/+$/, '');
  const url = /\/embeddings$/.test(base) ? base : `${base}/embeddings`;
  return {
    async embed(texts, signal) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const input = texts.slice(i, i + BATCH).map((t) => t.slice(0, 8000));
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.EMBEDDING_API_KEY ? { authorization: `Bearer ${config.EMBEDDING_API_KEY}` } : {}),
          },
          body: JSON.stringify({ model: config.EMBEDDING_MODEL, input }),
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(60_000)]) : AbortSignal.timeout(60_000),
        });
        if (!res.ok) throw new Error(`embedding endpoint answered HTTP ${res.status}`);
        const json = (await res.json()) as { data?: { index?: number; embedding?: number[] }[] };
        const data = [...(json.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
        if (data.length !== input.length) throw new Error('embedding endpoint returned the wrong number of vectors');
        for (const d of data) {
          if (!Array.isArray(d.embedding) || !d.embedding.every((x) => Number.isFinite(x))) throw new Error('embedding endpoint sent an invalid vector');
          out.push(d.embedding);
        }
      }
      return out;
    },
  };
}

/** Create the vector table on first use, only where the engine has pgvector. */
export async function ensureEmbeddingTable(db: Db): Promise<boolean> {
  if (!(await db.hasVector())) return false;
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS vector');
    await db.query(`CREATE TABLE IF NOT EXISTS chunk_embeddings (
      chunk_id   bigint PRIMARY KEY REFERENCES chunks (id) ON DELETE CASCADE,
      chatbot_id uuid NOT NULL,
      embedding  vector NOT NULL)`);
    await db.query('CREATE INDEX IF NOT EXISTS chunk_embeddings_chatbot_idx ON chunk_embeddings (chatbot_id)');
    return true;
  } catch {
    return false; // e.g. PostgreSQL without the extension installed
  }
}

export async function insertEmbeddings(db: Db, chatbotId: string, chunkIds: string[], vectors: number[][]): Promise<void> {
  if (chunkIds.length === 0) return;
  await db.query(
    `INSERT INTO chunk_embeddings (chunk_id, chatbot_id, embedding)
     SELECT c, $1, v::vector FROM unnest($2::bigint[], $3::text[]) AS e(c, v)
     ON CONFLICT (chunk_id) DO NOTHING`,
    [chatbotId, chunkIds, vectors.map((v) => `[${v.join(',')}]`)],
  );
}
