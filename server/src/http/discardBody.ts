import type { FastifyRequest } from 'fastify';

type IncomingMessage = FastifyRequest['raw'];

/** Past this many bytes or this long, a refused body is not read any further (the connection is just closed). */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;
const MAX_DISCARD_MS = 10_000;

/**
 * Reads and drops the rest of a refused request body before the refusal is sent. Answering while
 * the client still sends, then closing (Fastify closes after a body error), leaves unread bytes on
 * the socket: the kernel resets the connection, and a client that sends its whole body before
 * reading (most do) reports the reset instead of the 413. Bounded, so a client sending without end
 * cannot hold the connection.
 */
export function discardBody(req: IncomingMessage): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', done);
      req.off('close', done);
      req.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer | string) => {
      bytes += chunk.length;
      if (bytes > MAX_DISCARD_BYTES) done();
    };
    const timer = setTimeout(done, MAX_DISCARD_MS);
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}
