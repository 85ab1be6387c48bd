import type { Db, Queryable } from '../db/db.js';

/**
 * Where vectors live: `chunk_embeddings`, one row per chunk (deleted with it), tagged with the model
 * that made it. Two kinds, chosen once at start-up by what the engine has:
 *  - pgvector (PGlite always; PostgreSQL with the extension): a `vector` column, exact per-bot
 *    cosine in SQL (STACK.md: exact search over one bot's rows beats a filtered HNSW at this size);
 *  - real[] (PostgreSQL without pgvector, e.g. Debian's): the bot's vectors are read once into memory
 *    and searched there exactly, reloaded when the bot's live vectors change.
 * Vectors are unit length, so cosine similarity is their dot product.
 */
export type VectorStoreKind = 'pgvector' | 'real[]';

export interface VectorHit {
  id: string;
  /** Cosine similarity (1 = same direction). */
  similarity: number;
}

export interface VectorStore {
  readonly kind: VectorStoreKind;
  insert(db: Queryable, chatbotId: string, model: string, chunkIds: string[], vectors: Float32Array[]): Promise<void>;
  /** The bot's live chunks nearest the vector, best first. */
  search(chatbotId: string, model: string, vector: Float32Array, limit: number): Promise<VectorHit[]>;
}

const literal = (v: Float32Array) => `[${Array.from(v).join(',')}]`;

async function createTable(db: Db): Promise<VectorStoreKind> {
  let kind: VectorStoreKind = 'real[]';
  if (await db.hasVector()) {
    try {
      await db.query('CREATE EXTENSION IF NOT EXISTS vector');
      kind = 'pgvector';
    } catch {
      // e.g. PostgreSQL whose role may not create extensions: the fallback still works.
    }
  }
  await db.query(`CREATE TABLE IF NOT EXISTS chunk_embeddings (
    chunk_id   bigint PRIMARY KEY REFERENCES chunks (id) ON DELETE CASCADE,
    chatbot_id uuid NOT NULL,
    model      text NOT NULL DEFAULT '',
    embedding  ${kind === 'pgvector' ? 'vector' : 'real[]'} NOT NULL)`);
  // Tables from before vectors were tagged: their rows count as another model and get re-embedded.
  await db.query(`ALTER TABLE chunk_embeddings ADD COLUMN IF NOT EXISTS model text NOT NULL DEFAULT ''`);
  const type = await db.query<{ t: string }>(
    `SELECT format_type(atttypid, atttypmod) AS t FROM pg_attribute WHERE attrelid = 'chunk_embeddings'::regclass AND attname = 'embedding'`,
  );
  kind = type[0]?.t.startsWith('vector') ? 'pgvector' : 'real[]';
  // A 512-float vector is just over the size PostgreSQL compresses out of line; kept inline, a scan reads it directly.
  if (kind === 'pgvector') await db.query('ALTER TABLE chunk_embeddings ALTER COLUMN embedding SET STORAGE PLAIN');
  await db.query('DROP INDEX IF EXISTS chunk_embeddings_chatbot_idx');
  await db.query('CREATE INDEX IF NOT EXISTS chunk_embeddings_bot_model_idx ON chunk_embeddings (chatbot_id, model)');
  return kind;
}

export async function openVectorStore(db: Db): Promise<VectorStore> {
  const kind = await createTable(db);
  return kind === 'pgvector' ? pgvectorStore(db) : arrayStore(db);
}

function insertSql(cast: string): string {
  return `INSERT INTO chunk_embeddings (chunk_id, chatbot_id, model, embedding)
          SELECT c, $1, $2, v::${cast} FROM unnest($3::bigint[], $4::text[]) AS e(c, v)
          ON CONFLICT (chunk_id) DO UPDATE SET model = EXCLUDED.model, embedding = EXCLUDED.embedding`;
}

function pgvectorStore(db: Db): VectorStore {
  return {
    kind: 'pgvector',
    async insert(q, chatbotId, model, ids, vectors) {
      if (ids.length === 0) return;
      await q.query(insertSql('vector'), [chatbotId, model, ids, vectors.map(literal)]);
    },
    async search(chatbotId, model, vector, limit) {
      const rows = await db.query<{ id: string; distance: number }>(
        `SELECT e.chunk_id::text AS id, e.embedding <=> $3::vector AS distance
           FROM chunk_embeddings e JOIN chunks c ON c.id = e.chunk_id
          WHERE e.chatbot_id = $1 AND e.model = $2 AND c.live
          ORDER BY distance LIMIT $4`,
        [chatbotId, model, literal(vector), limit],
      );
      return rows.map((r) => ({ id: r.id, similarity: 1 - Number(r.distance) }));
    },
  };
}

/** One bot's live vectors in memory, and what they were read at (count and newest chunk). */
interface Matrix {
  key: string;
  ids: string[];
  values: Float32Array;
  dims: number;
}

const MAX_CACHED_FLOATS = 64 * 1024 * 1024; // 256 MB of vectors across bots

function arrayStore(db: Db): VectorStore {
  const cache = new Map<string, Matrix>();
  let cachedFloats = 0;

  async function matrix(chatbotId: string, model: string): Promise<Matrix | undefined> {
    const live = `FROM chunk_embeddings e JOIN chunks c ON c.id = e.chunk_id WHERE e.chatbot_id = $1 AND e.model = $2 AND c.live`;
    const stamp = await db.query<{ n: number; mx: string | null }>(`SELECT count(*)::int AS n, max(e.chunk_id)::text AS mx ${live}`, [chatbotId, model]);
    const key = `${stamp[0]?.n}:${stamp[0]?.mx}`;
    const cacheKey = `${chatbotId}\u0000${model}`;
    const hit = cache.get(cacheKey);
    if (hit?.key === key) {
      cache.delete(cacheKey); // re-insert: most recently used last
      cache.set(cacheKey, hit);
      return hit;
    }
    if (hit) {
      cache.delete(cacheKey);
      cachedFloats -= hit.values.length;
    }
    if (!stamp[0]?.n) return undefined;
    const rows = await db.query<{ id: string; embedding: number[] }>(`SELECT e.chunk_id::text AS id, e.embedding ${live}`, [chatbotId, model]);
    const dims = rows[0]?.embedding.length ?? 0;
    const usable = rows.filter((r) => r.embedding.length === dims);
    const values = new Float32Array(usable.length * dims);
    usable.forEach((r, i) => values.set(r.embedding, i * dims));
    const m: Matrix = { key, ids: usable.map((r) => r.id), values, dims };
    cache.set(cacheKey, m);
    cachedFloats += values.length;
    for (const [k, old] of cache) {
      if (cachedFloats <= MAX_CACHED_FLOATS || k === cacheKey) break;
      cache.delete(k);
      cachedFloats -= old.values.length;
    }
    return m;
  }

  return {
    kind: 'real[]',
    async insert(q, chatbotId, model, ids, vectors) {
      if (ids.length === 0) return;
      await q.query(insertSql('real[]'), [chatbotId, model, ids, vectors.map((v) => `{${Array.from(v).join(',')}}`)]);
    },
    async search(chatbotId, model, vector, limit) {
      const m = await matrix(chatbotId, model);
      if (!m || m.dims !== vector.length) return [];
      return nearest(m, vector, limit);
    },
  };
}

/** Exact nearest neighbours by dot product, keeping the best `limit` in a small sorted list. */
function nearest(m: Matrix, q: Float32Array, limit: number): VectorHit[] {
  const best: { i: number; s: number }[] = [];
  const { values, dims } = m;
  for (let i = 0, o = 0; i < m.ids.length; i++, o += dims) {
    let s = 0;
    for (let j = 0; j < dims; j++) s += values[o + j]! * q[j]!;
    if (best.length < limit || s > best[best.length - 1]!.s) {
      let k = best.length < limit ? best.length : best.length - 1;
      if (best.length < limit) best.push({ i, s });
      while (k > 0 && best[k - 1]!.s < s) {
        best[k] = best[k - 1]!;
        k--;
      }
      best[k] = { i, s };
    }
  }
  return best.map((b) => ({ id: m.ids[b.i]!, similarity: b.s }));
}

const stores = new WeakMap<Db, Promise<VectorStore>>();

/** The database's vector store, created on first use and shared by indexing and retrieval. */
export function vectorStoreFor(db: Db): Promise<VectorStore> {
  let store = stores.get(db);
  if (!store) {
    store = openVectorStore(db);
    stores.set(db, store);
    store.catch(() => stores.delete(db));
  }
  return store;
}
