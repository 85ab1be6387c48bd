import type { Config } from '../config.js';
import { LOCAL_MODEL, localEmbeddings } from './local.js';
import { openAiEmbeddings } from '../provider/embeddings.js';
import { passageText, type EmbeddablePassage } from './passageText.js';
import type { EmbeddingProvider } from './provider.js';

/**
 * One provider per process, built from the configuration (EMBEDDINGS): indexing, the backfill and
 * retrieval share it, so the local model's threads load once.
 */
let shared: { key: string; provider: EmbeddingProvider } | undefined;

export function embeddingProvider(config: Config): EmbeddingProvider | undefined {
  if (config.embeddings === 'off') return undefined;
  const key = `${config.embeddings}\u0000${config.EMBEDDING_BASE_URL}\u0000${config.EMBEDDING_MODEL}`;
  if (shared?.key !== key) {
    void shared?.provider.close();
    const provider =
      config.embeddings === 'local'
        ? localEmbeddings()
        : openAiEmbeddings({
            baseUrl: config.EMBEDDING_BASE_URL!,
            model: config.EMBEDDING_MODEL!,
            apiKey: config.EMBEDDING_API_KEY,
            timeoutMs: config.EMBEDDING_TIMEOUT_MS,
            batch: config.EMBEDDING_BATCH,
          });
    shared = { key, provider };
  }
  return shared.provider;
}

export async function closeEmbeddingProvider(): Promise<void> {
  const s = shared;
  shared = undefined;
  await s?.provider.close();
}

/**
 * Words of a passage's body the local model reads (after its title and headings): the model's cost
 * grows faster than the length, and on the sample site its vectors found pages better from 16 words
 * than from 48 (eval/README.md, "Semantic retrieval").
 */
export const LOCAL_PASSAGE_WORDS = 16;

export function textToEmbed(provider: EmbeddingProvider, p: EmbeddablePassage): string {
  return passageText(p, provider.model === LOCAL_MODEL ? LOCAL_PASSAGE_WORDS : undefined);
}
