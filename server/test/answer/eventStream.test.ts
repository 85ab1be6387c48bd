import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventStream, type EventStream } from '../../src/http/routes/answer/eventStream.js';

/** Backpressure of the SSE writer, on a real socket: sends wait for 'drain', a stalled client is let go. */
const EVENTS = 400;
const PAYLOAD = 'x'.repeat(64 * 1024); // 25 MB in all: more than any socket buffer holds

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

interface Outcome {
  stream: EventStream;
  sent: number;
  /** Most bytes ever queued in the response after a send returned. */
  maxBuffered: number;
}

/** A route that sends EVENTS big events, awaiting each send; resolves with how it ended. */
async function serve(): Promise<{ url: string; finished: Promise<Outcome> }> {
  let resolve!: (v: Outcome) => void;
  const finished = new Promise<Outcome>((r) => (resolve = r));
  app = Fastify({ logger: false });
  app.get('/sse', async (_request, reply) => {
    const stream = openEventStream(reply, { drainTimeoutMs: 300 });
    let sent = 0;
    let maxBuffered = 0;
    for (let i = 0; i < EVENTS && !stream.closed; i++, sent++) {
      await stream.send('token', { delta: PAYLOAD });
      maxBuffered = Math.max(maxBuffered, reply.raw.writableLength);
    }
    stream.end();
    resolve({ stream, sent, maxBuffered });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/sse`, finished };
}

describe('SSE writer backpressure', () => {
  it('delivers every event to a client that reads, waiting for the socket to drain', async () => {
    const { url, finished } = await serve();
    const text = await (await fetch(url)).text();
    expect(text.match(/^event: token$/gm)).toHaveLength(EVENTS);
    const { stream, sent, maxBuffered } = await finished;
    expect(sent).toBe(EVENTS);
    expect(stream.closed).toBe(false);
    // Without waiting for 'drain' the whole 25 MB would pile up in memory.
    expect(maxBuffered).toBeLessThan(4 * PAYLOAD.length);
  });

  it('lets go of a client that stops reading, instead of waiting for ever', async () => {
    const { url, finished } = await serve();
    const req = request(url, (res) => res.pause()); // never reads
    req.on('error', () => {});
    req.end();
    const { stream, sent } = await finished;
    expect(stream.closed).toBe(true);
    expect(sent).toBeLessThan(EVENTS);
    req.destroy();
  });
});
