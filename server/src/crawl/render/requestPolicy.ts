import { describeRange, hostAllowed, isIpLiteral, refusedRange } from '../addressPolicy.js';

/**
 * What a page being rendered may load. Chromium never opens a connection itself (browserPool.ts
 * gives it a dead proxy): every request it makes is intercepted, judged here, and the ones let
 * through are fetched by the crawler's own safeFetch (the connect-time address check, redirects
 * checked hop by hop) and handed back to the page. This file is the pure part of that decision.
 */

/** Resource types a page's text can depend on; images, fonts, media, beacons and the like are never loaded. */
const LOADED_TYPES = new Set(['document', 'script', 'stylesheet', 'xhr', 'fetch']);

export interface RenderRequest {
  url: string;
  method: string;
  /** Playwright's resourceType(): document, script, stylesheet, xhr, fetch, image, font, media… */
  resourceType: string;
  /** A navigation of the page itself, not of a frame inside it. */
  mainFrame: boolean;
}

export type RequestVerdict = { load: true } | { load: false; reason: string };

/**
 * Whether the page at `pageUrl` may load this request. `allowHosts` (CRAWL_ALLOW_HOSTS) opens
 * private hosts the operator named, but only to their own pages: a public page's script may not
 * reach into them, as a redirect from a public page may not (safeFetch.ts).
 */
export function judgeRequest(req: RenderRequest, pageUrl: string, allowHosts: readonly string[]): RequestVerdict {
  if (!LOADED_TYPES.has(req.resourceType)) return { load: false, reason: `${req.resourceType || 'this kind of'} resource not loaded` };
  // A crawler reads: it submits nothing (a form, an analytics POST) on the site's behalf.
  if (req.method !== 'GET' && req.method !== 'HEAD') return { load: false, reason: `${req.method} requests are not made` };
  // Frames (ads, video players, other sites' widgets) are not part of the page's own text.
  if (req.resourceType === 'document' && !req.mainFrame) return { load: false, reason: 'frames are not loaded' };
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return { load: false, reason: 'invalid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { load: false, reason: `${url.protocol} is not fetched` };
  const page = new URL(pageUrl);
  const listed = hostAllowed(url, allowHosts);
  if (listed && !hostAllowed(page, allowHosts)) {
    return { load: false, reason: `${url.host} is in CRAWL_ALLOW_HOSTS, but the page asking for it (${page.host}) is not` };
  }
  // An address literal is judged now; a name is judged when safeFetch resolves and connects.
  if (!listed && isIpLiteral(url.hostname)) {
    const range = refusedRange(url.hostname);
    if (range) return { load: false, reason: `${url.hostname} is ${describeRange(range)}` };
  }
  return { load: true };
}

/** Media types safeFetch may hand back to the page (every type a document, script, style or data request needs). */
export const RENDER_TYPES = [
  'text/html',
  'application/xhtml+xml',
  'text/plain',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'text/ecmascript',
  'text/css',
  'application/json',
  'application/ld+json',
  'application/manifest+json',
  'application/graphql-response+json',
  'application/xml',
  'text/xml',
  'application/wasm',
  'application/octet-stream',
  '',
] as const;
