import { vi } from 'vitest';

/**
 * A fetch stub at the network boundary: the real API client and envelope parsing run, only the
 * wire is replaced. Routes are "METHOD /path" (path without /api/v1 and query).
 */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}
export type Reply =
  { status?: number; body: unknown } | (() => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>);

export function ok<T>(data: T) {
  return { status: 200, body: { success: true, data } };
}
export function fail(status: number, detail: unknown) {
  return { status, body: { success: false, detail } };
}

export function installFakeApi(routes: Record<string, Reply | Reply[]>) {
  const calls: RecordedCall[] = [];
  const queues = new Map<string, Reply[]>();
  for (const [k, v] of Object.entries(routes)) queues.set(k, Array.isArray(v) ? [...v] : [v]);
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, query: url.searchParams, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const key = [...queues.keys()].find((k) => {
      const [m, p] = k.split(' ');
      if (m !== method || !p) return false;
      return new RegExp(`^${p.replace(/:[^/]+/g, '[^/]+')}$`).test(path);
    });
    const queue = key ? queues.get(key) : undefined;
    if (!queue || queue.length === 0)
      return new Response(JSON.stringify({ success: false, detail: `No stub for ${method} ${path}` }), { status: 404 });
    // The last reply repeats; earlier ones are used once each.
    const reply = queue.length > 1 ? queue.shift()! : queue[0]!;
    const r = typeof reply === 'function' ? await reply() : reply;
    if (r.status === 0) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetch: fetchStub };
}
