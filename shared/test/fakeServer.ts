import type { Message } from '../src/api/types';

/**
 * A fetch stand-in speaking the server's real wire format (envelopes, SSE), for unit-level UI tests.
 * Browser tests use the real server.
 */
export interface FakeApi {
  fetch: typeof fetch;
  messages: Message[];
  requests: { method: string; url: string; body?: unknown; accept?: string }[];
  /** Decides how the next POST .../messages answers. */
  onSend: (content: string) => Response | Promise<Response>;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function sseResponse(events: [string, unknown][], { delayMs = 0 } = {}): Response {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(c) {
      for (const [event, data] of events) {
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        c.enqueue(enc.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      }
      c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

export function message(index: number, role: 'user' | 'assistant', content: string, extra: Partial<Message> = {}): Message {
  return {
    id: `m${index}`,
    conversation_id: 'c1',
    role,
    content,
    sources: [],
    created_at: new Date(2025, 0, 5, 9, index).toISOString(),
    index,
    ...extra,
  };
}

export function fakeApi(initial: Message[] = []): FakeApi {
  const api: FakeApi = {
    messages: [...initial],
    requests: [],
    onSend: () => json(500, { success: false, detail: 'not configured' }),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x.test');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      api.requests.push({ method, url: url.pathname + url.search, body, accept: headers.Accept });
      if (method === 'GET' && url.pathname.endsWith('/messages')) {
        const after = Number(url.searchParams.get('after') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 50);
        return json(200, { success: true, data: { messages: api.messages.filter((m) => m.index > after).slice(0, limit) } });
      }
      if (method === 'POST' && url.pathname.endsWith('/messages')) return api.onSend(body.content);
      if (method === 'PUT' && url.pathname.endsWith('/feedback')) {
        const m = api.messages.find((x) => x.id === url.pathname.split('/').at(-2));
        if (!m || m.role !== 'assistant') return json(404, { success: false, detail: 'Message not found' });
        m.feedback = body.rating;
        return json(200, { success: true, data: { message_id: m.id, feedback: body.rating } });
      }
      return json(404, { success: false, detail: 'Not found' });
    }) as typeof fetch,
  };
  return api;
}
