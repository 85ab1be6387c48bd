import { addAbortSignal, pipeline, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { Dispatcher } from 'undici';
import { bodyDecoder } from './charset.js';
import { FetchError } from './fetchErrors.js';

/**
 * Reading a response body: decompressed, capped, and always ending. `body.pipe(decoder)` does not
 * forward errors, so a body that stalls or is cut off left the decoder waiting forever; here the
 * body and the decoder are joined with `pipeline` (an error or abort on either side destroys
 * both) and the read is tied to the abort signal, so a timeout ends it even when no data arrives.
 */
export async function readBody(res: Dispatcher.ResponseData, cap: number, signal: AbortSignal, host: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const total = await readChunks(res, cap, signal, host, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks, total);
}

/** The body as text in its declared encoding (charset.ts), decoded chunk by chunk as it arrives. */
export async function readText(
  res: Dispatcher.ResponseData,
  cap: number,
  signal: AbortSignal,
  host: string,
  contentType: string,
): Promise<string> {
  const decoder = bodyDecoder(contentType);
  await readChunks(res, cap, signal, host, (chunk) => decoder.write(chunk));
  return decoder.end();
}

/** Every chunk of the decompressed body to `take`, in order; the bytes read. */
async function readChunks(
  res: Dispatcher.ResponseData,
  cap: number,
  signal: AbortSignal,
  host: string,
  take: (chunk: Buffer) => void,
): Promise<number> {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const body = res.body as unknown as Readable;
  const decoder = decoderFor(encoding);
  const stream = decoder ?? body;
  let decodeError: Error | undefined;
  if (decoder) {
    decoder.once('error', (err) => (decodeError ??= err));
    // Errors reach the reader through the destroyed decoder; the callback only marks them handled.
    pipeline(body, decoder, () => {});
  }
  addAbortSignal(signal, stream);
  let total = 0;
  try {
    for await (const chunk of stream) {
      total += (chunk as Buffer).length;
      if (total > cap) throw new FetchError('too_large', `Too large (more than ${cap} bytes)`);
      take(chunk as Buffer);
    }
  } catch (err) {
    const code = String((err as { code?: string })?.code ?? '');
    if (err instanceof FetchError || signal.aborted || /TIMEOUT/.test(code)) throw err;
    // The decoder failing on its own (not because the body broke) means bad compressed data.
    if (decodeError === err && !body.errored) throw new FetchError('network', `The response body is truncated or corrupt (${encoding})`);
    throw new FetchError('network', `The connection to ${host} closed before the whole response arrived`);
  } finally {
    // Leaving the loop early (cap, abort) must release the socket too.
    if (!body.destroyed && !body.readableEnded) body.destroy();
  }
  return total;
}

function decoderFor(encoding: string): Transform | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip();
  if (encoding === 'deflate') return zlib.createInflate();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return undefined;
}
