import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';

/**
 * What reaches the server's sockets, on both engines: an oversized body is answered 413 in the
 * envelope (never a dropped connection), however it is sent; a client that drips its headers is cut
 * off by the header timeout instead of holding a connection forever.
 */
let t: TestApp;
let port: number;
let auth: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { HTTP_HEADERS_TIMEOUT_MS: '1500', HTTP_REQUEST_TIMEOUT_MS: '3000' } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
  auth = `Bearer ${await idTokenFor('body-limits@example.com')}`;
});
afterAll(() => t?.close());

/**
 * The raw response to what `write` sends, or 'closed' if the server hung up without one. Like most
 * HTTP clients (Python's, curl's), it reads the response only once it has sent the whole request.
 */
function rawExchange(write: (socket: Socket) => Promise<void>): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    let received = '';
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(received === '' ? 'closed' : received));
    socket.on('connect', () => {
      void write(socket).then(
        () => socket.resume(),
        () => {
          // A write refused: such a client reports the connection reset, never reading an answer.
          received = '';
          socket.destroy();
        },
      );
    });
  });
}

const writeAll = (socket: Socket, data: string | Buffer) =>
  new Promise<void>((resolve, reject) => socket.write(data, (err) => (err ? reject(err) : resolve())));

/** The body as a slower link delivers it: 16 KB every few milliseconds (on loopback it would all sit in buffers at once). */
async function writeSlowly(socket: Socket, body: Buffer, chunked = false): Promise<void> {
  for (let i = 0; i < body.length; i += 16 * 1024) {
    const part = body.subarray(i, i + 16 * 1024);
    await writeAll(socket, chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]) : part);
    await new Promise((r) => setTimeout(r, 3));
  }
  if (chunked) await writeAll(socket, '0\r\n\r\n');
}

/** A JSON body of `bytes` bytes: a list of URLs, as an owner's index-urls request. */
const bigJson = (bytes: number) => {
  const url = `"https://example.com/${'p'.repeat(80)}"`;
  const urls = Array.from({ length: Math.ceil(bytes / (url.length + 1)) }, () => url).join(',');
  return Buffer.from(`{"urls_to_index":[${urls}]}`);
};

describe('an oversized body', () => {
  const body = bigJson(1.1 * 1024 * 1024);

  it('with its length declared, is answered 413 with the reason', async () => {
    const res = await rawExchange(async (s) => {
      await writeAll(
        s,
        `POST /api/v1/indexing/index-urls HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      await writeSlowly(s, body);
    });
    expect(res.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(res).toContain('{"success":false,"detail":"Request body is too large."}');
  });

  it('sent in chunks without a declared length, is answered 413 with the reason', async () => {
    const res = await rawExchange(async (s) => {
      await writeAll(
        s,
        `POST /api/v1/indexing/index-urls HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      );
      await writeSlowly(s, body, true);
    });
    expect(res.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(res).toContain('{"success":false,"detail":"Request body is too large."}');
  });

  it('through fetch, as a browser or script sends it, is answered 413', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/indexing/index-urls`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, detail: 'Request body is too large.' });
    // The server is fine afterwards.
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
  });
});

describe('a client dripping its headers', () => {
  it('is disconnected by the header timeout', async () => {
    const started = Date.now();
    const res = await rawExchange(async (s) => {
      await writeAll(s, 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\n');
      for (let i = 0; i < 60; i++) {
        await new Promise((r) => setTimeout(r, 250));
        await writeAll(s, `X-Drip-${i}: a\r\n`);
      }
      s.destroy(); // still connected after 15 s of dripping: give up
    });
    // Cut off within the 1.5 s header timeout (Node checks it every second), not after 15 s of dripping.
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(res === 'closed' || res.startsWith('HTTP/1.1 408')).toBe(true);
  });
});
