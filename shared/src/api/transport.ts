import type { Envelope } from './types';

/** A failed call: HTTP status (0 when the network failed) and the server's detail as message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's detail as one message: a string, or the msg of the first validation entry. */
export function detailMessage(detail: unknown): string | null {
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail)) {
    const first = detail[0] as { msg?: unknown } | undefined;
    if (first && typeof first.msg === 'string') return first.msg;
  }
  return null;
}

export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the server; '' means the page's own origin. */
  baseUrl: string;
  /** Bearer token of the signed-in user, if any. */
  getToken?: () => Promise<string | null>;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export type Query = Record<string, string | number | undefined>;
/** A 2xx envelope as the server sent it: data, or the server's own `success: false`. */
export type Outcome<T> = { success: true; data: T } | { success: false; detail?: unknown };

const API = '/api/v1';

/** Low-level JSON-over-fetch with the envelope unwrapped; both API surfaces are built on it. */
export function createTransport(options: ApiClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '') + API;
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);

  function url(path: string, query?: Query): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
    const qs = params.toString();
    return base + path + (qs ? `?${qs}` : '');
  }

  async function send(method: string, path: string, body?: unknown, query?: Query, extra?: { signal?: AbortSignal; accept?: string }) {
    const headers: Record<string, string> = { Accept: extra?.accept ?? 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = options.getToken ? await options.getToken().catch(() => null) : null;
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await doFetch(url(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: extra?.signal,
      });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') throw err;
      throw new ApiError(0, 'Network error: the server could not be reached.');
    }
  }

  async function unwrap<T>(res: Response): Promise<T> {
    let payload: Envelope<T> | null = null;
    try {
      payload = (await res.json()) as Envelope<T>;
    } catch {
      payload = null;
    }
    if (res.ok && payload && payload.success === true) return payload.data;
    const detail = payload && payload.success === false ? payload.detail : undefined;
    throw new ApiError(res.status, detailMessage(detail) ?? `Request failed (${res.status})`, detail);
  }

  /**
   * Like unwrap, but a 2xx answer is returned as it came, `success: false` included: that is the
   * server's own "it did not work", which some screens word differently from a failed request
   * (spec §8). Anything else (non-2xx, no envelope) still throws ApiError with the server's detail.
   */
  async function outcome<T>(res: Response): Promise<Outcome<T>> {
    let payload: Outcome<T> | null = null;
    try {
      payload = (await res.clone().json()) as Outcome<T>;
    } catch {
      payload = null;
    }
    if (res.ok && payload && typeof payload.success === 'boolean') return payload;
    return unwrap<T>(res).then((data) => ({ success: true, data }));
  }

  const call = async <T>(method: string, path: string, body?: unknown, query?: Query, init?: { signal?: AbortSignal }) =>
    unwrap<T>(await send(method, path, body, query, init));
  const callOutcome = async <T>(method: string, path: string, body?: unknown) => outcome<T>(await send(method, path, body));
  return { send, unwrap, call, callOutcome };
}

/** What the visitor and owner calls are built on. */
export type Transport = ReturnType<typeof createTransport>;
