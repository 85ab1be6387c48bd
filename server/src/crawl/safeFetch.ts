import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import type { Socket } from 'node:net';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { hostAllowed, isIpLiteral, refusedRange } from './addressPolicy.js';
import { refusal, toFetchError, truncate } from './fetchFailure.js';
import { FetchError } from './fetchErrors.js';
import { readBody, readText } from './responseBody.js';

/**
 * safeFetch: the only door from the server to other people's websites (lint bans undici, http and
 * https imports everywhere else). It refuses every address that is not public unicast, and checks
 * the address at connect time, inside the connector, so the checked address is the connected one
 * (no DNS-rebinding window between a check and the connection). Redirects are followed by hand,
 * each hop through the same checks.
 */

export type LookupFn = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export interface SafeFetcherOptions {
  userAgent: string;
  /** host[:port] entries that may be private (CRAWL_ALLOW_HOSTS): local test sites, the demo. */
  allowHosts?: readonly string[];
  /** Whole request, headers and body. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Connections kept per origin (politeness is the crawler's job; this only bounds sockets). */
  connections?: number;
  /** DNS resolver (tests inject a hostile one). */
  lookup?: LookupFn;
  /**
   * Which addresses are refused (default: everything but public unicast, addressPolicy.ts). Tests
   * only: lets a loopback server stand in for a public site that is not on the allow-list.
   */
  refusedRange?: (address: string) => string | undefined;
}

export interface FetchOptions {
  /** Allowed media types (lower case, no parameters). */
  accept?: readonly string[];
  signal?: AbortSignal;
  maxBytes?: number;
  /** Validators of a stored copy (a re-crawl): a 304 answer comes back as status 304 with no body. */
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  /** Accepted media types returned as raw `bytes` (a PDF), not decoded into `body`. */
  binary?: readonly string[];
}

export interface FetchedResource {
  /** The final URL after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: string;
  /** The undecoded body, for the media types in FetchOptions.binary (then `body` is empty). */
  bytes?: Buffer;
  /** The URLs that redirected, in order. */
  redirects: string[];
  /** Validators for the next conditional request; Content-Language. */
  etag?: string;
  lastModified?: string;
  contentLanguage?: string;
}

export const PAGE_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain'] as const;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface SafeFetcher {
  fetch(url: string, opts?: FetchOptions): Promise<FetchedResource>;
  /**
   * Rejects with the FetchError a fetch of this URL would meet before any request (scheme,
   * credentials, an address that is not public), without fetching it: for URLs listed unfetched.
   */
  checkAddress(url: string): Promise<void>;
  close(): Promise<void>;
}

export function createSafeFetcher(options: SafeFetcherOptions): SafeFetcher {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const allowHosts = options.allowHosts ?? [];
  const classify = options.refusedRange ?? refusedRange;
  const agentOptions = {
    connections: options.connections ?? 8,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
  };
  const guarded = new Agent({
    ...agentOptions,
    connect: guardedConnector(options.connectTimeoutMs ?? Math.min(timeoutMs, 10_000), classify, options.lookup),
  });
  // Hosts the operator opened explicitly: no address checks (they are usually on 127.0.0.1).
  const open = new Agent({ ...agentOptions, connect: { timeout: options.connectTimeoutMs ?? Math.min(timeoutMs, 10_000) } });

  /** The checks a URL meets before any connection; `allowed`: the allow-list opens this host. */
  function refuseBeforeConnecting(url: URL, allowed: boolean): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FetchError('refused', `Refused: only http and https addresses are fetched (got ${url.protocol.replace(/:$/, '')}:)`);
    }
    if (url.username || url.password) throw new FetchError('refused', 'Refused: addresses with credentials are not fetched');
    if (!allowed && isIpLiteral(url.hostname)) {
      const range = classify(url.hostname);
      if (range) throw refusal(url.hostname, url.hostname, range, true);
    }
  }

  async function checkAddress(input: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new FetchError('invalid_url', `Invalid URL: ${truncate(input)}`);
    }
    const allowed = hostAllowed(url, allowHosts);
    refuseBeforeConnecting(url, allowed);
    if (allowed || isIpLiteral(url.hostname)) return;
    // The same resolution and policy the connector applies (it checks again when the page is fetched).
    await new Promise<void>((resolve, reject) =>
      guardedLookup(options.lookup ?? (dns.lookup as unknown as LookupFn), classify)(url.hostname, {}, (err) =>
        err ? reject(err) : resolve(),
      ),
    ).catch((err: unknown) => {
      throw toFetchError(err, url, undefined, new AbortController().signal, timeoutMs);
    });
  }

  /** `allowed`: the allow-list may open this hop (see fetchResource). */
  async function fetchOnce(
    url: URL,
    opts: FetchOptions,
    signal: AbortSignal,
    allowed: boolean,
  ): Promise<{ res: Dispatcher.ResponseData; location?: string }> {
    refuseBeforeConnecting(url, allowed);
    const res = await request(url, {
      method: 'GET',
      dispatcher: allowed ? open : guarded,
      signal,
      headers: {
        'user-agent': options.userAgent,
        accept: (opts.accept ?? PAGE_TYPES).join(', ') + ', */*;q=0.1',
        'accept-encoding': 'gzip, deflate, br',
        ...(opts.ifNoneMatch ? { 'if-none-match': opts.ifNoneMatch } : {}),
        ...(opts.ifModifiedSince ? { 'if-modified-since': opts.ifModifiedSince } : {}),
      },
    });
    const location = res.headers.location;
    return { res, location: REDIRECTS.has(res.statusCode) && typeof location === 'string' ? location : undefined };
  }

  async function fetchResource(input: string, opts: FetchOptions = {}): Promise<FetchedResource> {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new FetchError('invalid_url', `Invalid URL: ${truncate(input)}`);
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const redirects: string[] = [];
    // The allow-list opens a host only while every hop so far was allow-listed: a public page must
    // not be able to redirect the crawler into a private host the operator opened for their own site.
    let trusted = true;
    let untrustedFrom: string | undefined;
    try {
      for (;;) {
        const listed = hostAllowed(url, allowHosts);
        untrustedFrom = listed && !trusted ? new URL(redirects.at(-1)!).host : undefined;
        trusted &&= listed;
        const { res, location } = await fetchOnce(url, opts, signal, trusted);
        if (location !== undefined) {
          await res.body.dump().catch(() => {});
          if (redirects.length >= maxRedirects)
            throw new FetchError('too_many_redirects', `Too many redirects (more than ${maxRedirects})`);
          redirects.push(url.href);
          try {
            url = new URL(location, url);
          } catch {
            throw new FetchError('invalid_url', `Redirect to an invalid URL: ${truncate(location)}`);
          }
          continue;
        }
        return await readResponse(url, res, redirects, opts, signal);
      }
    } catch (err) {
      const e = toFetchError(err, url, opts.signal, timeout, timeoutMs);
      if (e.kind === 'refused' && untrustedFrom) {
        throw new FetchError(
          'refused',
          `${e.message}: ${url.host} is in CRAWL_ALLOW_HOSTS, but the redirect came from ${untrustedFrom}, which is not`,
        );
      }
      throw e;
    }
  }

  async function readResponse(
    url: URL,
    res: Dispatcher.ResponseData,
    redirects: string[],
    opts: FetchOptions,
    signal: AbortSignal,
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

  return {
    fetch: fetchResource,
    checkAddress,
    async close() {
      await Promise.allSettled([guarded.close(), open.close()]);
    },
  };
}

/** A connector that resolves through the guard and re-checks the socket's actual peer address. */
function guardedConnector(
  timeout: number,
  classify: (address: string) => string | undefined,
  lookup: LookupFn = dns.lookup as unknown as LookupFn,
): buildConnector.connector {
  const base = buildConnector({ timeout, lookup: guardedLookup(lookup, classify) } as buildConnector.BuildOptions);
  return (opts, callback) =>
    base(opts, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('connect failed'), null);
      const peer = (socket as Socket).remoteAddress ?? '';
      const range = classify(peer);
      if (range) {
        socket.destroy();
        return callback(refusal(opts.hostname, peer, range, isIpLiteral(opts.hostname)), null);
      }
      callback(null, socket);
    });
}

/** Resolve every address of a name and refuse the name if any of them is not public. */
function guardedLookup(lookup: LookupFn, classify: (address: string) => string | undefined) {
  return (hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = Array.isArray(addresses) ? addresses : [];
      if (list.length === 0) return callback(Object.assign(new Error(`Could not resolve ${hostname}`), { code: 'ENOTFOUND' }));
      for (const a of list) {
        const range = classify(a.address);
        if (range) return callback(refusal(hostname, a.address, range, false));
      }
      if (options.all) callback(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
