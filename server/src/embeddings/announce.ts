import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { embeddingProvider } from './shared.js';
import { vectorStoreFor } from './store.js';

/** The one start-up line that says whether semantic retrieval is on, with which model and storage. */
export async function announceEmbeddings(config: Config, db: Db, log: { info(obj: object, msg: string): void }): Promise<void> {
  const provider = embeddingProvider(config);
  if (!provider) {
    log.info({ embeddings: 'off' }, 'semantic retrieval off (EMBEDDINGS=off): full-text search only');
    return;
  }
  // Load the question lane now, not on a visitor's first question (the local model takes ~0.5 s).
  if (config.embeddings === 'local') void provider.embed(['warm up'], 'query').catch(() => {});
  const store = await vectorStoreFor(db);
  const where =
    store.kind === 'pgvector' ? 'pgvector, exact search per bot' : 'real[] (no pgvector on this database), exact search per bot in memory';
  log.info(
    { embeddings: config.embeddings, model: provider.model, vectors: store.kind },
    `semantic retrieval on: ${provider.model}, vectors in ${where}`,
  );
}
