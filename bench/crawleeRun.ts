/**
 * The reference crawler for `npm run bench:crawl`: Crawlee's CheerioCrawler doing only what a crawler
 * must (fetch, parse, follow links), no extraction and no storage of results: the floor a crawl
 * that also extracts and indexes is compared with. Same start URL, depth, page limit and concurrency
 * as Docent's run; links followed within the start host, depth counted from the start page (0).
 */
import { CheerioCrawler, Configuration, EnqueueStrategy, log } from '@crawlee/cheerio';

export interface CrawleeRun {
  /** Pages fetched and handled (HTML answered 2xx). */
  pages: number;
  /** Requests that failed (4xx/5xx, not HTML, network). */
  failed: number;
  ms: number;
}

export async function crawleeFetchOnly(opts: {
  startUrl: string;
  maxDepth: number;
  maxPages: number;
  concurrency: number;
}): Promise<CrawleeRun> {
  log.setLevel(log.LEVELS.OFF);
  // In memory only: nothing written to ./storage, nothing left from an earlier run.
  const config = new Configuration({ persistStorage: false, purgeOnStart: true });
  let pages = 0;
  let failed = 0;
  const crawler = new CheerioCrawler(
    {
      maxRequestsPerCrawl: opts.maxPages,
      // Fixed, like Docent's CRAWL_CONCURRENCY (Crawlee would otherwise scale by the machine's load).
      minConcurrency: opts.concurrency,
      maxConcurrency: opts.concurrency,
      maxRequestRetries: 0,
      requestHandlerTimeoutSecs: 60,
      async requestHandler({ request, enqueueLinks }) {
        pages++;
        const depth = (request.userData.depth as number | undefined) ?? 0;
        if (depth >= opts.maxDepth) return;
        await enqueueLinks({
          strategy: EnqueueStrategy.SameHostname,
          userData: { depth: depth + 1 },
        });
      },
      failedRequestHandler() {
        failed++;
      },
    },
    config,
  );
  const start = performance.now();
  await crawler.run([{ url: opts.startUrl, userData: { depth: 0 } }]);
  const ms = performance.now() - start;
  await crawler.teardown().catch(() => {});
  return { pages, failed, ms };
}
