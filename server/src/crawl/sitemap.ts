import type { SafeFetcher } from './safeFetch.js';

const SITEMAP_TYPES = ['application/xml', 'text/xml', 'text/plain', 'application/rss+xml', 'application/atom+xml', 'text/html'];

export interface SitemapLimits {
  /** Sitemap documents fetched at most (index files count). */
  maxFiles: number;
  /** URLs collected at most. */
  maxUrls: number;
  maxBytes: number;
}

/**
 * <loc> entries of a sitemap or sitemap index (a tolerant read: sitemaps are flat XML). A scan, not
 * a regex: the regex this replaced backtracked over whitespace, and "<loc>" followed by 400 spaces
 * and no "</loc>" held the crawl (and, on the embedded default, the whole server) for minutes.
 */
export function parseSitemap(xml: string): { urls: string[]; sitemaps: string[] } {
  const isIndex = /<sitemapindex[\s>]/i.test(xml);
  const locs: string[] = [];
  for (const open of xml.matchAll(/<loc>/gi)) {
    const loc = locAt(xml, open.index + '<loc>'.length);
    if (loc) locs.push(decodeXml(loc));
  }
  return isIndex ? { urls: [], sitemaps: locs } : { urls: locs, sitemaps: [] };
}

/** The URL of a <loc> whose text starts at `from`: up to the next tag, or inside one CDATA section. */
function locAt(xml: string, from: number): string | undefined {
  const start = skipSpace(xml, from);
  let text: string;
  let after: number;
  if (xml.startsWith('<![CDATA[', start)) {
    const end = xml.indexOf(']]>', start + 9);
    if (end < 0) return undefined;
    text = xml.slice(start + 9, end);
    after = end + 3;
  } else {
    const end = xml.indexOf('<', start);
    if (end < 0) return undefined;
    text = xml.slice(start, end);
    after = end;
  }
  const close = skipSpace(xml, after);
  if (xml.slice(close, close + 6).toLowerCase() !== '</loc>') return undefined;
  const url = text.trim();
  return url && !/[<\]]/.test(url) ? url : undefined;
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && /\s/.test(s[i]!)) i++;
  return i;
}

const decodeXml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);

/**
 * Every page URL listed by the given sitemaps, following sitemap indexes breadth-first, bounded in
 * files, URLs and bytes. Unreachable or malformed sitemaps are skipped, never fatal.
 */
export async function collectSitemapUrls(
  fetcher: SafeFetcher,
  roots: string[],
  limits: SitemapLimits,
  keep: (url: string) => boolean,
  signal?: AbortSignal,
): Promise<string[]> {
  const queue = [...new Set(roots)];
  const seen = new Set(queue);
  const found: string[] = [];
  let files = 0;
  while (queue.length > 0 && files < limits.maxFiles && found.length < limits.maxUrls && !signal?.aborted) {
    const next = queue.shift()!;
    if (!keep(next)) continue;
    files++;
    let xml: string;
    try {
      xml = (await fetcher.fetch(next, { accept: SITEMAP_TYPES, signal, maxBytes: limits.maxBytes })).body;
    } catch {
      continue;
    }
    const { urls, sitemaps } = parseSitemap(xml);
    for (const s of sitemaps) {
      if (seen.has(s)) continue;
      seen.add(s);
      queue.push(s);
    }
    for (const u of urls) {
      if (found.length >= limits.maxUrls) break;
      found.push(u);
    }
  }
  return found;
}
