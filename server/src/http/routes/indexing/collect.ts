import type { Config } from '../../../config.js';
import { crawlSite } from '../../../crawl/crawler.js';
import { sharedExtractPool } from '../../../crawl/extractPool.js';
import { sharedBrowserPool } from '../../../crawl/render/browserPool.js';
import { createSafeFetcher } from '../../../crawl/safeFetch.js';
import { normalizeUrl } from '../../../crawl/urls.js';
import { urlFilter, type UrlPatterns } from '../../../crawl/urlPatterns.js';
import { badRequest } from '../../errors.js';

/**
 * Discovery for the wizard's review step: robots.txt, sitemaps and links to maxDepth, without
 * extracting content, within COLLECT_TIMEOUT_SECONDS. The start URL comes first.
 */
export async function collectUrls(
  config: Config,
  startUrl: string,
  maxDepth: number,
  maxPages: number,
  signal?: AbortSignal,
  patterns?: UrlPatterns,
  allLanguages = false,
  renderJavascript = false,
): Promise<string[]> {
  const keep = urlFilter(patterns);
  const fetcher = createSafeFetcher({
    userAgent: config.CRAWL_USER_AGENT,
    allowHosts: config.CRAWL_ALLOW_HOSTS,
    timeoutMs: Math.min(config.CRAWL_TIMEOUT_MS, config.COLLECT_TIMEOUT_SECONDS * 1000),
    maxBytes: config.CRAWL_MAX_BYTES,
    connections: config.CRAWL_CONCURRENCY,
  });
  const start = normalizeUrl(startUrl) ?? startUrl;
  const listed: string[] = [];
  let startFinal: string | undefined;
  let startError: string | undefined;
  try {
    await crawlSite(
      fetcher,
      // Off the event loop and time-bounded, as in crawl-and-index: one hostile page must not
      // freeze every other request while it parses.
      await sharedExtractPool(),
      {
        startUrls: [start],
        followLinks: true,
        maxDepth,
        maxPages,
        concurrency: config.CRAWL_CONCURRENCY,
        timeBudgetMs: config.COLLECT_TIMEOUT_SECONDS * 1000,
        userAgent: config.CRAWL_USER_AGENT,
        discoveryOnly: true,
        keep,
        allLanguages,
        // An app shell's links exist only once it has rendered.
        render: {
          renderer: sharedBrowserPool(config.CHROMIUM_PATH),
          allowHosts: config.CRAWL_ALLOW_HOSTS,
          everyPage: renderJavascript,
          timeoutMs: config.CRAWL_TIMEOUT_MS,
        },
        signal,
      },
      {
        onOutcome: (o) => {
          if (o.kind === 'listed') {
            listed.push(o.url);
            if (o.depth === 0) startFinal ??= o.url;
          } else if (o.url === start && o.kind !== 'page' && o.kind !== 'unchanged') startError = o.reason;
        },
      },
    );
  } finally {
    await fetcher.close();
  }
  if (startError && listed.length === 0) throw badRequest(`Could not collect URLs from ${start}: ${startError}`);
  // The start URL (where it ended up after redirects) comes first.
  const first = startFinal ?? start;
  const rest = [...new Set(listed)].filter((u) => u !== first);
  // The start URL is read for its links either way, but listed only if the patterns take it.
  const all = listed.length === 0 ? [] : [first, ...rest];
  return (keep ? all.filter(keep) : all).slice(0, maxPages);
}
