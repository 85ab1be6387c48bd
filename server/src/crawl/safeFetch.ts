import { Agent } from 'undici';
import { refusedRange } from './addressPolicy.js';
import { checkAddress, guardedConnector } from './fetch/addressCheck.js';
import type { SafeFetcher, SafeFetcherOptions } from './fetch/fetchTypes.js';
import { walkRedirects, type WalkSettings } from './fetch/redirectWalk.js';

export { PAGE_TYPES } from './fetch/fetchTypes.js';
export type { FetchedResource, FetchOptions, LookupFn, SafeFetcher, SafeFetcherOptions } from './fetch/fetchTypes.js';

/**
 * safeFetch: the only door from the server to other people's websites (lint bans undici, http and
 * https imports outside crawl/). Three roles, a file each under fetch/: the address check
 * (addressCheck.ts: only public unicast addresses, checked at connect time inside the connector),
 * the redirect walk (redirectWalk.ts: redirects followed by hand, each hop through the same
 * checks) and the body read (bodyRead.ts: status, media type, size cap, decoding).
 */
export function createSafeFetcher(options: SafeFetcherOptions): SafeFetcher {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const connectTimeout = options.connectTimeoutMs ?? Math.min(timeoutMs, 10_000);
  const classify = options.refusedRange ?? refusedRange;
  const allowHosts = options.allowHosts ?? [];
  const agentOptions = {
    connections: options.connections ?? 8,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
  };
  const settings: WalkSettings = {
    userAgent: options.userAgent,
    timeoutMs,
    maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 5,
    allowHosts,
    classify,
    guarded: new Agent({ ...agentOptions, connect: guardedConnector(connectTimeout, classify, options.lookup) }),
    // Hosts the operator opened explicitly: no address checks (they are usually on 127.0.0.1).
    open: new Agent({ ...agentOptions, connect: { timeout: connectTimeout } }),
  };
  return {
    fetch: (url, opts) => walkRedirects(settings, url, opts),
    checkAddress: (url) => checkAddress(url, allowHosts, classify, options.lookup, timeoutMs),
    async close() {
      await Promise.allSettled([settings.guarded.close(), settings.open.close()]);
    },
  };
}
