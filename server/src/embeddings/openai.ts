import { retryAfterMs } from '../text/retryAfter.js';
import { EmbeddingError, unitVector, type EmbeddingProvider } from './provider.js';

/**
 * Any OpenAI-compatible POST /embeddings (OpenAI, Ollama, vLLM, LocalAI): passages in batches, each
 * request with its own time limit, transient failures (connection, time-out, 429, 5xx) retried with
 * backoff that honours Retry-After. This is the operator's own service, not a crawled site, so it does
 * not go through safeFetch (which would refuse a local Ollama on 127.0.0.1). The key is sent only
 * in the Authorization header and never appears in an error.
 */
export interface OpenAiEmbeddingOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  batch: number;
  retries?: number;
  /** First backoff; doubles per retry. */
  backoffMs?: number;
}

const MAX_RETRY_AFTER_MS = 20_000;

export function endpointUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/embeddings$/.test(base) ? base : `${base}/embeddings`;
}

export function openAiEmbeddings(opts: OpenAiEmbeddingOptions): EmbeddingProvider {
  const url = endpointUrl(opts.baseUrl);
  const retries = opts.retries ?? 3;
  const backoffMs = opts.backoffMs ?? 500;
  let dimensions: number | undefined;

  async function once(input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const timeout = AbortSignal.timeout(opts.timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
        body: JSON.stringify({ model: opts.model, input, encoding_format: 'float' }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      const timedOut = timeout.aborted;
      throw new EmbeddingError(timedOut ? `the embedding endpoint did not answer within ${opts.timeoutMs} ms` : 'could not reach the embedding endpoint', true);
    }
    if (!res.ok) {
      const detail = await errorMessage(res);
      const transient = res.status === 429 || res.status >= 500;
      const wait = retryAfterMs(res.headers.get('retry-after'));
      throw new EmbeddingError(`the embedding endpoint answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`, transient, wait && Math.min(wait, MAX_RETRY_AFTER_MS));
    }
    let json: { data?: { index?: number; embedding?: unknown }[] };
    try {
      json = (await res.json()) as typeof json;
    } catch {
      throw new EmbeddingError('the embedding endpoint sent something other than JSON', true);
    }
    const data = Array.isArray(json.data) ? [...json.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)) : [];
    if (data.length !== input.length) throw new EmbeddingError(`the embedding endpoint sent ${data.length} vectors for ${input.length} texts`);
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
        await sleep(err.retryAfterMs ?? backoffMs * 2 ** attempt, signal);
      }
    }
  }

  return {
    model: `openai:${opts.model}`,
    async embed(texts, _kind, signal) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += opts.batch) {
        out.push(...(await withRetries(texts.slice(i, i + opts.batch).map((t) => t || ' '), signal)));
      }
      return out;
    },
    close: async () => {},
  };
}

/** The provider's own error message (OpenAI's `{error: {message}}`), short, for the log and the task. */
async function errorMessage(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: { message?: unknown } | string };
    const msg = typeof body.error === 'string' ? body.error : body.error?.message;
    return typeof msg === 'string' ? msg.replace(/\s+/g, ' ').slice(0, 200) : '';
  } catch {
    return '';
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => (clearTimeout(t), reject(signal!.reason));
    const t = setTimeout(() => (signal?.removeEventListener('abort', onAbort), resolve()), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
