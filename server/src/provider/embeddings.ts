import { EmbeddingError, unitVector, type EmbeddingProvider } from '../embeddings/provider.js';
import { errorExcerpt, isTransientStatus, postJson, retryAfterMs, retryDelayMs, type RetryPolicy } from './http.js';

/**
 * Nobody is waiting on a batch (crawls and re-indexing run in the worker), so a rate-limited
 * endpoint gets four tries and up to 20 s per Retry-After before the task fails.
 */
export const EMBEDDING_RETRY_POLICY: RetryPolicy = { attempts: 4, backoffMs: 500, retryAfterCapMs: 20_000 };

/**
 * Embeddings from the operator's OpenAI-compatible POST /embeddings (transport, key and retry
 * policy: http.ts): passages in batches, each request with its own time limit, transient failures
 * (connection, time-out, 429, 5xx) retried with backoff that honours Retry-After.
 */
export interface OpenAiEmbeddingOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  batch: number;
  /** Retries after the first try (default: EMBEDDING_RETRY_POLICY's attempts less one). */
  retries?: number;
  /** First backoff; doubles per retry (default EMBEDDING_RETRY_POLICY). */
  backoffMs?: number;
  /** Longest Retry-After honoured (default EMBEDDING_RETRY_POLICY). */
  retryAfterCapMs?: number;
}

export function openAiEmbeddings(opts: OpenAiEmbeddingOptions): EmbeddingProvider {
  const retries = opts.retries ?? EMBEDDING_RETRY_POLICY.attempts - 1;
  const delayPolicy = {
    backoffMs: opts.backoffMs ?? EMBEDDING_RETRY_POLICY.backoffMs,
    retryAfterCapMs: opts.retryAfterCapMs ?? EMBEDDING_RETRY_POLICY.retryAfterCapMs,
  };
  let dimensions: number | undefined;

  async function once(input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const timeout = AbortSignal.timeout(opts.timeoutMs);
    let res: Response;
    try {
      const body = { model: opts.model, input, encoding_format: 'float' };
      res = await postJson(opts, 'embeddings', body, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (err) {
      if (signal?.aborted) throw err;
      const timedOut = timeout.aborted;
      throw new EmbeddingError(
        timedOut ? `the embedding endpoint did not answer within ${opts.timeoutMs} ms` : 'could not reach the embedding endpoint',
        true,
      );
    }
    if (!res.ok) {
      const detail = await errorExcerpt(res);
      throw new EmbeddingError(
        `the embedding endpoint answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`,
        isTransientStatus(res.status),
        retryAfterMs(res.headers.get('retry-after')),
      );
    }
    let json: { data?: { index?: number; embedding?: unknown }[] };
    try {
      json = (await res.json()) as typeof json;
    } catch {
      throw new EmbeddingError('the embedding endpoint sent something other than JSON', true);
    }
    const data = Array.isArray(json.data) ? [...json.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)) : [];
    if (data.length !== input.length)
      throw new EmbeddingError(`the embedding endpoint sent ${data.length} vectors for ${input.length} texts`);
    return data.map((d) => {
      if (!Array.isArray(d.embedding)) throw new EmbeddingError('the embedding endpoint sent an embedding that is not a list of numbers');
      const v = unitVector(d.embedding as number[]);
      dimensions ??= v.length;
      if (v.length !== dimensions) throw new EmbeddingError(`the embedding endpoint changed dimensions (${dimensions} → ${v.length})`);
      return v;
    });
  }

  async function withRetries(input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(input, signal);
      } catch (err) {
        if (!(err instanceof EmbeddingError) || !err.transient || attempt >= retries || signal?.aborted) throw err;
        await sleep(retryDelayMs(attempt, err.retryAfterMs, delayPolicy), signal);
      }
    }
  }

  return {
    model: `openai:${opts.model}`,
    async embed(texts, _kind, signal) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += opts.batch) {
        out.push(
          ...(await withRetries(
            texts.slice(i, i + opts.batch).map((t) => t || ' '),
            signal,
          )),
        );
      }
      return out;
    },
    close: async () => {},
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => (clearTimeout(t), reject(signal!.reason));
    const t = setTimeout(() => (signal?.removeEventListener('abort', onAbort), resolve()), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
