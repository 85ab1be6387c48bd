import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError } from '../../src/crawl/fetchErrors.js';
import { createSafeFetcher, type SafeFetcher } from '../../src/crawl/safeFetch.js';

/**
 * Compressed bodies that never finish: a decompressor fed by a stalled or cut-off response must
 * end the fetch with a per-URL error within the timeout, never hang the crawl.
 */
const html = Buffer.from(`<html><body><main>${'<p>compressed text that goes on and on.</p>'.repeat(4000)}</main></body></html>`);
const encoders: Record<string, (b: Buffer) => Buffer> = { gzip: zlib.gzipSync, deflate: zlib.deflateSync, br: zlib.brotliCompressSync };

let server: http.Server;
let origin: string;
let fetcher: SafeFetcher;
const TIMEOUT_MS = 800;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const [, mode, encoding] = (req.url ?? '').split('/') as [string, string, string];
    const full = encoders[encoding]!(html);
    const part = full.subarray(0, Math.floor(full.length / 3));
    if (mode === 'stall') {
      // Headers and a third of the body, then silence with the socket open.
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': encoding, 'content-length': String(full.length) });
      res.write(part);
      return;
    }
    if (mode === 'cut') {
      // A third of the body, then the connection drops.
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': encoding, 'content-length': String(full.length) });
      res.write(part, () => setTimeout(() => res.socket?.destroy(), 20));
      return;
    }
    if (mode === 'short') {
      // A complete HTTP response whose compressed stream is truncated.
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': encoding });
      res.end(part);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': encoding });
    res.end(full);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fetcher = createSafeFetcher({ userAgent: 'DocentBot/test', allowHosts: [new URL(origin).host], timeoutMs: TIMEOUT_MS });
});

afterAll(async () => {
  await fetcher.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function failure(url: string, signal?: AbortSignal): Promise<{ err: FetchError; ms: number }> {
  const t0 = Date.now();
  const err = await fetcher.fetch(url, { signal }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchError);
  return { err: err as FetchError, ms: Date.now() - t0 };
}

describe('safeFetch with compressed bodies', () => {
  it.each(['gzip', 'deflate', 'br'])('decodes a complete %s body', async (encoding) => {
    const res = await fetcher.fetch(`${origin}/ok/${encoding}`);
    expect(res.body).toBe(html.toString());
  });

  it.each(['gzip', 'deflate', 'br'])('a stalled %s body times out within the per-request timeout', async (encoding) => {
    const { err, ms } = await failure(`${origin}/stall/${encoding}`);
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('Timed out (no complete response within 0.8 s)');
    expect(ms).toBeLessThan(TIMEOUT_MS + 1500);
  });

  it.each(['gzip', 'deflate', 'br'])('a %s body cut off by a dropped connection fails at once', async (encoding) => {
    const { err, ms } = await failure(`${origin}/cut/${encoding}`);
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/^The connection to 127\.0\.0\.1:\d+ closed before the whole response arrived/);
    expect(ms).toBeLessThan(TIMEOUT_MS);
  });

  it.each(['gzip', 'deflate', 'br'])('a truncated %s stream in a complete response fails with a clear reason', async (encoding) => {
    const { err } = await failure(`${origin}/short/${encoding}`);
    expect(err.kind).toBe('network');
    expect(err.message).toBe(`The response body is truncated or corrupt (${encoding})`);
  });

  it('the caller’s abort signal ends a stalled compressed read promptly', async () => {
    const { err, ms } = await failure(`${origin}/stall/gzip`, AbortSignal.timeout(150));
    expect(err.message).toBe('Aborted');
    expect(ms).toBeLessThan(TIMEOUT_MS);
  });
});
