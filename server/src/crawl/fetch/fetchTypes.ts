import type dns from 'node:dns';
import type { LookupAddress } from 'node:dns';

/** What safeFetch (safeFetch.ts) takes and gives. */

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

export interface SafeFetcher {
  fetch(url: string, opts?: FetchOptions): Promise<FetchedResource>;
  /**
   * Rejects with the FetchError a fetch of this URL would meet before any request (scheme,
   * credentials, an address that is not public), without fetching it: for URLs listed unfetched.
   */
  checkAddress(url: string): Promise<void>;
  close(): Promise<void>;
}
