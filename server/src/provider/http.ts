export { retryAfterMs } from './retryAfter.js';

/**
 * The one way the server talks to the operator's model service (any OpenAI-compatible API: OpenAI,
 * Ollama, vLLM, llama.cpp, LM Studio, LocalAI), for chat completions and for embeddings alike:
 * where to POST, how the key is sent, what counts as worth retrying and how long to wait. The
 * endpoint is the operator's own (often 127.0.0.1), not a crawled site, so it does not go through
 * safeFetch (which would refuse loopback). The key travels only in the Authorization header and
 * never appears in an error or a log.
 */
export interface ProviderEndpoint {
  /** A base URL ("…/v1") or the full address of the resource ("…/v1/embeddings"). */
  baseUrl: string;
  apiKey?: string;
}

export type ProviderResource = 'chat/completions' | 'embeddings';

/**
 * How a client retries a request that failed for a passing reason: tries per request, the first
 * backoff (doubling each retry) and the longest wait honoured (Retry-After included). Each client
 * states its own (chat.ts, embeddings.ts): a visitor waits on a chat answer, a crawl does not wait
 * on an embedding batch. How long one request may take is configured (LLM_TIMEOUT_MS /
 * LLM_IDLE_TIMEOUT_MS, EMBEDDING_TIMEOUT_MS).
 */
export interface RetryPolicy {
  attempts: number;
  backoffMs: number;
  retryAfterCapMs: number;
}

/** Injected by tests; the global fetch otherwise. */
export type FetchLike = typeof globalThis.fetch;

/** POST target: the base URL plus the resource, unless the base already names it. */
export function resourceUrl(baseUrl: string, resource: ProviderResource): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith(`/${resource}`) ? base : `${base}/${resource}`;
}

/** POSTs a JSON body to the endpoint's resource. Rejects only when no response arrived. */
export function postJson(
  endpoint: ProviderEndpoint,
  resource: ProviderResource,
  body: unknown,
  opts: { signal: AbortSignal; accept?: string; fetchImpl?: FetchLike },
): Promise<Response> {
  const doFetch = opts.fetchImpl ?? fetch;
  return doFetch(resourceUrl(endpoint.baseUrl, resource), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(opts.accept ? { accept: opts.accept } : {}),
      ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
    },
    body: JSON.stringify(body),
    signal: opts.signal,
  });
}

/** Rate limits and server errors pass; anything else (a bad key, an unknown model) will not. */
export const isTransientStatus = (status: number): boolean => status === 429 || status >= 500;

/**
 * How long to wait before try number `attempt + 1` (attempt counts from 0): what Retry-After asked
 * (see retryAfterMs), else the doubling backoff; never more than the policy's cap.
 */
export function retryDelayMs(
  attempt: number,
  retryAfter: number | undefined,
  policy: Pick<RetryPolicy, 'backoffMs' | 'retryAfterCapMs'>,
): number {
  return Math.min(retryAfter ?? policy.backoffMs * 2 ** attempt, policy.retryAfterCapMs);
}

/** The provider's own error message (OpenAI's `{error: {message}}`) or a text excerpt: short, key-free. */
export async function errorExcerpt(res: Response): Promise<string> {
  try {
    const text = (await res.text()).slice(0, 300);
    try {
      const json = JSON.parse(text) as { error?: { message?: string } | string };
      const msg = typeof json.error === 'string' ? json.error : json.error?.message;
      if (typeof msg === 'string' && msg) return msg.replace(/\s+/g, ' ').slice(0, 200);
    } catch {
      /* not JSON */
    }
    return text.replace(/\s+/g, ' ').trim().slice(0, 200);
  } catch {
    return '';
  }
}
