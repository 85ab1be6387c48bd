import type { Db, Queryable } from '../db/db.js';
import { MemoryVectorIndex } from './memoryIndex.js';

/**
 * Where vectors live: `chunk_embeddings`, one row per chunk (deleted with it), tagged with the model
 * that made it. Two kinds, chosen once at start-up by what the engine has:
 *  - pgvector (PGlite always; PostgreSQL with the extension): a `vector` column;
 *  - real[] (PostgreSQL without pgvector, e.g. Debian's).
 * Either way a question is answered from the bot's vectors held in memory (memoryIndex.ts): pgvector's
 * exact scan of 50,000 vectors costs over 100 ms in PGlite (eval/README.md, "Semantic retrieval").
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
  /** Drop the bot's vectors held in memory (the bot was deleted). */
  forget(chatbotId: string): void;
}

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
  return storeOf(db, kind);
}

/**
 * Vectors of chunks that are gone are dropped, not an error: indexing embeds behind the writes, and a
 * page rewritten meanwhile (its site-wide lines judged again at the end of a crawl) has new chunks,
 * whose own vectors are queued behind.
 */
function insertSql(cast: string): string {
  return `INSERT INTO chunk_embeddings (chunk_id, chatbot_id, model, embedding)
          SELECT e.c, $1, $2, e.v::${cast} FROM unnest($3::bigint[], $4::text[]) AS e(c, v)
           WHERE EXISTS (SELECT 1 FROM chunks WHERE id = e.c)
          ON CONFLICT (chunk_id) DO UPDATE SET model = EXCLUDED.model, embedding = EXCLUDED.embedding`;
}

function storeOf(db: Db, kind: VectorStoreKind): VectorStore {
  const index = new MemoryVectorIndex(db);
  return {
    kind,
    async insert(q, chatbotId, model, ids, vectors) {
      if (ids.length === 0) return;
      const values =
        kind === 'pgvector' ? vectors.map((v) => `[${Array.from(v).join(',')}]`) : vectors.map((v) => `{${Array.from(v).join(',')}}`);
      await q.query(insertSql(kind === 'pgvector' ? 'vector' : 'real[]'), [chatbotId, model, ids, values]);
    },
    search: (chatbotId, model, vector, limit) => index.search(chatbotId, model, vector, limit),
    forget: (chatbotId) => index.forgetBot(chatbotId),
  };
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

/** Drop a deleted bot's vectors from memory; nothing to do when no store was opened in this process. */
export async function forgetBotVectors(db: Db, chatbotId: string): Promise<void> {
  const store = await stores.get(db)?.catch(() => undefined);
  store?.forget(chatbotId);
}
