/**
 * URL hygiene for the crawler: one spelling per page, so the frontier never fetches a page twice
 * because of a fragment, a tracking parameter or a relative spelling.
 */
const TRACKING =
  /^(utm_[a-z_]*|gclid|gclsrc|dclid|fbclid|msclkid|mc_cid|mc_eid|yclid|igshid|_ga|_gl|_hsenc|_hsmi|mkt_tok|ref_src|oly_enc_id|oly_anon_id|vero_id|wickedid)$/i;

/** Extensions that are never pages; links to them are not followed (saves a request each). PDFs are read (pdf.ts). */
const NOT_PAGES = new Set(
  (
    'png jpg jpeg gif webp svg ico bmp tif tiff avif css js mjs map json xml rss atom zip gz tgz bz2 xz 7z rar tar ' +
    'exe dmg msi deb rpm apk iso bin woff woff2 ttf otf eot mp3 mp4 m4a wav ogg webm mov avi mkv flac ' +
    'doc docx xls xlsx ppt pptx odt ods csv epub txt rst py c h wasm'
  ).split(' '),
);

/**
 * Resolve `raw` against `base` and normalise; undefined for anything that is not an http(s) URL
 * or whose normal form is longer than 2,048 characters (percent-encoding can triple a URL's
 * length, and the result must pass this function again unchanged).
 */
export function normalizeUrl(raw: string, base?: string | URL): string | undefined {
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed.length > 2048) return undefined;
  let url: URL;
  try {
    url = base === undefined ? new URL(trimmed) : new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  url.hash = '';
  if (url.search) {
    const search = withoutTracking(url.search);
    if (search !== undefined) url.search = search;
  }
  return url.href.length > 2048 ? undefined : url.href;
}

/**
 * The query without tracking parameters, or undefined when it has none. Only the tracking pairs go;
 * the others stay byte for byte (re-serialising through URLSearchParams would turn `?a` into `?a=`
 * and `%20` into `+`, a different URL to some servers and a needless second spelling to us).
 */
function withoutTracking(search: string): string | undefined {
  const pairs = search.slice(1).split('&');
  const kept = pairs.filter((pair) => !TRACKING.test(queryKey(pair)));
  if (kept.length === pairs.length) return undefined;
  return kept.filter((p) => p !== '').join('&');
}

function queryKey(pair: string): string {
  const raw = pair.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether a followed link looks like a page (by extension); explicit URLs are always fetched. */
export function looksLikePage(url: string): boolean {
  const path = new URL(url).pathname;
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return true;
  return !NOT_PAGES.has(path.slice(dot + 1).toLowerCase());
}

export interface CrawlScope {
  host: string;
  /** When set, only URLs whose path starts with it (the start URL's directory). */
  pathPrefix?: string;
}

/** Scope of a crawl: the start URL's host (any of http/https), optionally under its directory. */
export function scopeOf(startUrl: string, underStartPath = false): CrawlScope {
  const u = new URL(startUrl);
  const dir = u.pathname.slice(0, u.pathname.lastIndexOf('/') + 1) || '/';
  return { host: u.host, pathPrefix: underStartPath && dir !== '/' ? dir : undefined };
}

export function inScope(url: string, scope: CrawlScope): boolean {
  const u = new URL(url);
  if (u.host !== scope.host) return false;
  return scope.pathPrefix === undefined || u.pathname.startsWith(scope.pathPrefix);
}

/** A canonical link is honoured only when it stays on the same scheme and host as the page. */
export function acceptableCanonical(canonical: string | undefined, pageUrl: string): string | undefined {
  if (!canonical) return undefined;
  const normal = normalizeUrl(canonical, pageUrl);
  if (!normal) return undefined; // file://, javascript:, garbage
  const c = new URL(normal);
  const p = new URL(pageUrl);
  return c.protocol === p.protocol && c.host === p.host ? normal : undefined;
}
