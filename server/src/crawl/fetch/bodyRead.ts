import type { Dispatcher } from 'undici';
import { FetchError } from '../fetchErrors.js';
import { readBody, readText } from '../responseBody.js';
import { PAGE_TYPES, type FetchedResource, type FetchOptions } from './fetchTypes.js';

/**
 * The body read: the final (non-redirect) response becomes a FetchedResource, or the FetchError
 * that says why not (an HTTP error, a media type not asked for, a body over the cap). A 304 to a
 * conditional request comes back with no body; a binary type (a PDF) as bytes, text decoded.
 */
export async function readResponse(
  url: URL,
  res: Dispatcher.ResponseData,
  redirects: string[],
  opts: FetchOptions,
  signal: AbortSignal,
  maxBytes: number,
): Promise<FetchedResource> {
  const status = res.statusCode;
  const header = (name: string) => (typeof res.headers[name] === 'string' ? (res.headers[name] as string).slice(0, 200) : undefined);
  const validators = { etag: header('etag'), lastModified: header('last-modified'), contentLanguage: header('content-language') };
  if (status === 304 && (opts.ifNoneMatch || opts.ifModifiedSince)) {
    await res.body.dump().catch(() => {});
    return { url: url.href, status, contentType: '', body: '', redirects, ...validators };
  }
  if (status < 200 || status >= 300) {
    await res.body.dump().catch(() => {});
    throw new FetchError('http_status', `HTTP ${status}`, status);
  }
  const contentTypeHeader = String(res.headers['content-type'] ?? '');
  const mediaType = contentTypeHeader.split(';')[0]!.trim().toLowerCase();
  const accept = opts.accept ?? PAGE_TYPES;
  if (!accept.includes(mediaType)) {
    await res.body.dump().catch(() => {});
    throw new FetchError('not_html', `Not HTML (${mediaType || 'no content type'})`);
  }
  const cap = opts.maxBytes ?? maxBytes;
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) {
    res.body.destroy();
    throw new FetchError('too_large', `Too large (${declared} bytes, limit ${cap})`);
  }
  if (opts.binary?.includes(mediaType)) {
    const bytes = await readBody(res, cap, signal, url.host);
    return { url: url.href, status, contentType: contentTypeHeader, body: '', bytes, redirects, ...validators };
  }
  const body = await readText(res, cap, signal, url.host, contentTypeHeader);
  return { url: url.href, status, contentType: contentTypeHeader, body, redirects, ...validators };
}
