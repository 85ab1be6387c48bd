/**
 * An embedding provider turns passages and questions into unit vectors for the semantic leg of
 * retrieval. Two exist: the in-process model (local.ts) and any OpenAI-compatible /embeddings
 * endpoint (openai.ts). Vectors are stored with the provider's `model` name, so a model change is
 * seen and the bot re-embedded (backfill.ts), never compared across models.
 */
export type EmbedKind = 'passage' | 'query';

export interface EmbeddingProvider {
  /** Names the vector space, e.g. `local:use-lite-512` or `openai:nomic-embed-text`. */
  readonly model: string;
  /** Passages are embedded in the background; questions are latency-sensitive. */
  embed(texts: string[], kind: EmbedKind, signal?: AbortSignal): Promise<Float32Array[]>;
  close(): Promise<void>;
}

export class EmbeddingError extends Error {
  constructor(
    message: string,
    /** Worth retrying (time-out, rate limit, server error, connection) or not (bad key, bad model). */
    readonly transient = false,
    /** How long the provider asked to wait before the next try (Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'EmbeddingError';
  }
}

/** Scale to length 1 so cosine similarity is a dot product; refuses empty or non-finite vectors. */
export function unitVector(values: ArrayLike<number>): Float32Array {
  const v = Float32Array.from(values);
  let norm = 0;
  for (let i = 0; i < v.length; i++) {
    if (!Number.isFinite(v[i]!)) throw new EmbeddingError('the embedding provider sent a vector with a non-number in it');
    norm += v[i]! * v[i]!;
  }
  if (v.length === 0 || norm === 0) throw new EmbeddingError('the embedding provider sent an empty vector');
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < v.length; i++) v[i]! *= scale;
  return v;
}
