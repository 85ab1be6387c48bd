import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { embeddingProvider } from '../../embeddings/shared.js';
import { vectorStoreFor } from '../../embeddings/store.js';
import type { VectorSearch } from './fusion.js';

/**
 * The semantic leg: embed the question with the configured provider (EMBEDDINGS) and take the
 * bot's nearest live chunks made by the same model. No provider → no leg; a failure → the caller
 * answers from full text alone.
 */
export function createVectorSearch(config: Config, db: Db): VectorSearch | undefined {
  const provider = embeddingProvider(config);
  if (!provider) return undefined;
  return {
    async search(chatbotId, question, limit) {
      const [store, [vector]] = await Promise.all([
        vectorStoreFor(db),
        provider.embed([question.slice(0, 2000)], 'query', AbortSignal.timeout(10_000)),
      ]);
      return store.search(chatbotId, provider.model, vector!, limit);
    },
  };
}
