import type { SafeFetcher } from './safeFetch.js';

const SITEMAP_TYPES = ['application/xml', 'text/xml', 'text/plain', 'application/rss+xml', 'application/atom+xml', 'text/html'];

export interface SitemapLimits {
  /** Sitemap documents fetched at most (index files count). */
  maxFiles: number;
  /** URLs collected at most. */
  maxUrls: number;
  maxBytes: number;
}

/** <loc> entries of a sitemap or sitemap index (a tolerant regex read: sitemaps are flat XML). */
export function parseSitemap(xml: string): { urls: string[]; sitemaps: string[] } {
  const isIndex = /<sitemapindex[\s>]/i.test(xml);
  const locs = [...xml.matchAll(/<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]]+?)\s*(?:\]\]>)?\s*<\/loc>/gi)].map((m) => decodeXml(m[1]!));
  return isIndex ? { urls: [], sitemaps: locs } : { urls: locs, sitemaps: [] };
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
