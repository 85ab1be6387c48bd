import { request, type Agent, type Dispatcher } from 'undici';
import { hostAllowed } from '../addressPolicy.js';
import { toFetchError, truncate } from '../fetchFailure.js';
import { FetchError } from '../fetchErrors.js';
import { refuseBeforeConnecting, type Classify } from './addressCheck.js';
import { readResponse } from './bodyRead.js';
import { PAGE_TYPES, type FetchedResource, type FetchOptions } from './fetchTypes.js';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** What one fetcher fixes for all its requests (safeFetch.ts builds it). */
export interface WalkSettings {
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  allowHosts: readonly string[];
  classify: Classify;
  /** Connections through the address check; `open`: the operator's allow-listed hosts, unchecked. */
  guarded: Agent;
  open: Agent;
}

/**
 * The redirect walk: one request per hop, each through the address check, by hand up to
 * maxRedirects, under one timeout for the whole fetch; the last hop's body is read (bodyRead.ts).
 * The allow-list opens a host only while every hop so far was allow-listed: a public page must not
 * be able to redirect the crawler into a private host the operator opened for their own site.
 */
export async function walkRedirects(s: WalkSettings, input: string, opts: FetchOptions = {}): Promise<FetchedResource> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchError('invalid_url', `Invalid URL: ${truncate(input)}`);
  }
  const timeout = AbortSignal.timeout(s.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const redirects: string[] = [];
  let trusted = true;
  let untrustedFrom: string | undefined;
  try {
    for (;;) {
      const listed = hostAllowed(url, s.allowHosts);
      untrustedFrom = listed && !trusted ? new URL(redirects.at(-1)!).host : undefined;
      trusted &&= listed;
      const { res, location } = await requestOnce(s, url, opts, signal, trusted);
      if (location === undefined) return await readResponse(url, res, redirects, opts, signal, s.maxBytes);
      await res.body.dump().catch(() => {});
      if (redirects.length >= s.maxRedirects)
        throw new FetchError('too_many_redirects', `Too many redirects (more than ${s.maxRedirects})`);
      redirects.push(url.href);
      try {
        url = new URL(location, url);
      } catch {
        throw new FetchError('invalid_url', `Redirect to an invalid URL: ${truncate(location)}`);
      }
    }
  } catch (err) {
    const e = toFetchError(err, url, opts.signal, timeout, s.timeoutMs);
    if (e.kind === 'refused' && untrustedFrom) {
      throw new FetchError(
        'refused',
        `${e.message}: ${url.host} is in CRAWL_ALLOW_HOSTS, but the redirect came from ${untrustedFrom}, which is not`,
      );
    }
    throw e;
  }
}

/** One hop; `allowed`: the allow-list may open it (see walkRedirects). */
async function requestOnce(
  s: WalkSettings,
  url: URL,
  opts: FetchOptions,
  signal: AbortSignal,
  allowed: boolean,
): Promise<{ res: Dispatcher.ResponseData; location?: string }> {
  refuseBeforeConnecting(url, allowed, s.classify);
  const res = await request(url, {
    method: 'GET',
    dispatcher: allowed ? s.open : s.guarded,
    signal,
    headers: {
      'user-agent': s.userAgent,
      accept: (opts.accept ?? PAGE_TYPES).join(', ') + ', */*;q=0.1',
      'accept-encoding': 'gzip, deflate, br',
      ...(opts.ifNoneMatch ? { 'if-none-match': opts.ifNoneMatch } : {}),
      ...(opts.ifModifiedSince ? { 'if-modified-since': opts.ifModifiedSince } : {}),
    },
  });
  const location = res.headers.location;
  return { res, location: REDIRECTS.has(res.statusCode) && typeof location === 'string' ? location : undefined };
}
