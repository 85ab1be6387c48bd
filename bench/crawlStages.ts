/**
 * Where a Docent crawl's time goes, stage by stage (`npm run bench:crawl -- --stages`): discovery
 * alone (what collect-urls does), fetch + extract with no database, then chunk + index of the pages
 * extracted. Each stage is run on its own, so their sum is more than the pipeline, which overlaps
 * fetching, extracting and writing.
 */
import { randomUUID } from 'node:crypto';
import { crawlSite, type CrawlOptions, type CrawlOutcome } from '../server/src/crawl/crawler.js';
import type { Db } from '../server/src/db/db.js';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';
import { MarkdownChunker } from '../server/src/index/chunker.js';
import { Indexer } from '../server/src/index/indexer.js';

type SafeFetcher = Parameters<typeof crawlSite>[0];
type Extractor = Parameters<typeof crawlSite>[1];

export const rate = (n: number, ms: number, what = 'pages') => `${(n / (ms / 1000)).toFixed(1)} ${what}/s`;
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function stageBreakdown(fetcher: SafeFetcher, extractor: Extractor, db: Db, base: CrawlOptions): Promise<void> {
  let t = performance.now();
  let listed = 0;
  await crawlSite(fetcher, extractor, { ...base, discoveryOnly: true }, { onOutcome: (o) => void (o.kind === 'listed' && listed++) });
  const discoveryMs = performance.now() - t;

  t = performance.now();
  const pages: Extract<CrawlOutcome, { kind: 'page' }>[] = [];
  let requested = 0;
  await crawlSite(fetcher, extractor, base, {
    onOutcome: (o) => {
      if (!(o.kind === 'skipped' && o.notFetched)) requested++;
      if (o.kind === 'page') pages.push(o);
    },
  });
  const extractMs = performance.now() - t;

  const bot = await insertChatbot(db, { ownerUid: 'bench' });
  const indexer = new Indexer(db, { chatbotId: bot.id, taskId: randomUUID(), live: true, chunker: new MarkdownChunker() });
  t = performance.now();
  for (const p of pages) await indexer.add(p);
  await indexer.flush();
  const indexMs = performance.now() - t;

  console.table({
    'discovery (URLs listed)': { count: listed, time: secs(discoveryMs), rate: rate(listed, discoveryMs, 'URLs') },
    'fetch+extract (requests)': { count: requested, time: secs(extractMs), rate: rate(requested, extractMs, 'requests') },
    'fetch+extract (pages with content)': { count: pages.length, time: secs(extractMs), rate: rate(pages.length, extractMs) },
    'chunk+index (pages written)': {
      count: indexer.indexed,
      time: secs(indexMs),
      rate: rate(indexer.indexed, indexMs),
      chunks: indexer.chunks,
    },
  });
}
