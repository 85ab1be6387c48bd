import type { FastifyReply } from 'fastify';

type Headers = Record<string, string | number | string[] | undefined>;

export interface EventStream {
  /** Write one SSE event; a no-op once the client has gone. */
  send(event: 'token' | 'sources' | 'done' | 'error', data: unknown): void;
  /** Everything sent as `token` deltas so far (what the visitor has seen). */
  readonly sentText: string;
  /** Whether the client disconnected. */
  readonly closed: boolean;
  end(): void;
}

/**
 * Take the response over from Fastify and speak text/event-stream on the raw socket. Headers
 * already set on the reply (CORS for public routes, security headers) are carried over.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  const headers: Headers = { ...(reply.getHeaders() as Headers) };
  delete headers['content-length'];
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no', // nginx: do not buffer the stream
  });
  raw.flushHeaders();
  let closed = false;
  let sentText = '';
  raw.on('close', () => {
    if (!raw.writableFinished) closed = true;
  });
  return {
    send(event, data) {
      if (event === 'token') sentText += (data as { delta: string }).delta;
      if (closed || raw.destroyed) return;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    get sentText() {
      return sentText;
    },
    get closed() {
      return closed;
    },
    end() {
      if (!raw.destroyed && !raw.writableEnded) raw.end();
    },
  };
}
