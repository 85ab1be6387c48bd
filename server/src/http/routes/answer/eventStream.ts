import type { FastifyReply } from 'fastify';
import { formatSseEvent, SSE_KEEPALIVE } from '../../../../../shared/src/contract/sse.js';

type Headers = Record<string, string | number | string[] | undefined>;

export interface EventStreamOptions {
  /** Interval of `: ping` comments (default 15 s), so proxies do not cut a stream that waits on the LLM. */
  pingMs?: number;
  /**
   * How long a write may wait for a full socket buffer to drain (default 30 s). A client that reads
   * nothing for that long is treated as gone, like a disconnect: the answer still runs to its end
   * and is stored, and the per-conversation queue is not held up by a stalled socket.
   */
  drainTimeoutMs?: number;
}

export type StreamEventName = 'token' | 'sources' | 'done' | 'error';

export interface EventStream {
  /** Write one SSE event, waiting while the socket buffer is full; a no-op once the client has gone. */
  send(event: StreamEventName, data: unknown): Promise<void>;
  /** Whether the client disconnected (or stalled past the drain timeout). */
  readonly closed: boolean;
  end(): void;
}

/**
 * Take the response over from Fastify and speak text/event-stream on the raw socket. Headers
 * already set on the reply (CORS for public routes, security headers) are carried over.
 */
export function openEventStream(reply: FastifyReply, opts: EventStreamOptions = {}): EventStream {
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
  const gone = () => closed || raw.destroyed || raw.writableEnded;
  const ping = setInterval(() => {
    // Skip while the buffer is full: the pending data keeps the connection busy anyway.
    if (!gone() && !raw.writableNeedDrain) raw.write(SSE_KEEPALIVE);
  }, opts.pingMs ?? 15_000);
  raw.on('close', () => {
    clearInterval(ping);
    if (!raw.writableFinished) closed = true;
  });

  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        raw.off('drain', done).off('close', done).off('error', done);
        resolve();
      };
      const timer = setTimeout(() => {
        closed = true;
        raw.destroy();
        done();
      }, opts.drainTimeoutMs ?? 30_000);
      raw.on('drain', done).on('close', done).on('error', done);
    });

  return {
    async send(event, data) {
      if (gone()) return;
      if (!raw.write(formatSseEvent(event, JSON.stringify(data)))) await drained();
    },
    get closed() {
      return closed;
    },
    end() {
      clearInterval(ping);
      if (!raw.destroyed && !raw.writableEnded) raw.end();
    },
  };
}
