import type { CrawlOutcome } from '../../crawl/crawlTypes.js';
import type { IndexRun } from '../indexRun.js';

/**
 * chunk: a page is chunked and indexed, unless a refresh finds it unchanged (the live copy stays);
 * a 304 ('unchanged') only tells the refresh its live copy is current.
 */
export async function chunk(o: CrawlOutcome, run: IndexRun): Promise<CrawlOutcome> {
  if (o.kind === 'page') {
    if (run.changes?.see(o.url, o.contentHash, o) !== 'unchanged') await run.indexer.add(o);
  } else if (o.kind === 'unchanged') run.changes?.see(o.url, o.contentHash);
  return o;
}
