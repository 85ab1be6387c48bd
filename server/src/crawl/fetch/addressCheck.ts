import dns from 'node:dns';
import type { Socket } from 'node:net';
import { buildConnector } from 'undici';
import { hostAllowed, isIpLiteral } from '../addressPolicy.js';
import { refusal, toFetchError, truncate } from '../fetchFailure.js';
import { FetchError } from '../fetchErrors.js';
import type { LookupFn } from './fetchTypes.js';

/** Which addresses are refused: a range's name for one that is not public unicast (addressPolicy.ts), else undefined. */
export type Classify = (address: string) => string | undefined;

/**
 * The address check: every address that is not public unicast is refused. Before connecting, the
 * URL's scheme, credentials and (an IP literal) address; at connect time, inside the connector,
 * every resolved address and the socket's actual peer, so the checked address is the connected
 * one (no DNS-rebinding window between a check and the connection).
 */

/** The checks a URL meets before any connection; `allowed`: the allow-list (CRAWL_ALLOW_HOSTS) opens this host. */
export function refuseBeforeConnecting(url: URL, allowed: boolean, classify: Classify): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('refused', `Refused: only http and https addresses are fetched (got ${url.protocol.replace(/:$/, '')}:)`);
  }
  if (url.username || url.password) throw new FetchError('refused', 'Refused: addresses with credentials are not fetched');
  if (!allowed && isIpLiteral(url.hostname)) {
    const range = classify(url.hostname);
    if (range) throw refusal(url.hostname, url.hostname, range, true);
  }
}

/**
 * Rejects with the FetchError a fetch of this URL would meet before any request, without fetching
 * it: the same resolution and policy the connector applies (it checks again when the page is fetched).
 */
export async function checkAddress(
  input: string,
  allowHosts: readonly string[],
  classify: Classify,
  lookup: LookupFn | undefined,
  timeoutMs: number,
): Promise<void> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchError('invalid_url', `Invalid URL: ${truncate(input)}`);
  }
  const allowed = hostAllowed(url, allowHosts);
  refuseBeforeConnecting(url, allowed, classify);
  if (allowed || isIpLiteral(url.hostname)) return;
  await new Promise<void>((resolve, reject) =>
    guardedLookup(lookup ?? (dns.lookup as unknown as LookupFn), classify)(url.hostname, {}, (err) => (err ? reject(err) : resolve())),
  ).catch((err: unknown) => {
    throw toFetchError(err, url, undefined, new AbortController().signal, timeoutMs);
  });
}

/** A connector that resolves through the guard and re-checks the socket's actual peer address. */
export function guardedConnector(
  timeout: number,
  classify: Classify,
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
function guardedLookup(lookup: LookupFn, classify: Classify) {
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
