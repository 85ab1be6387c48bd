import type { CrawlOutcome } from '../../crawl/crawlTypes.js';
import type { IndexRun } from '../indexRun.js';

/** tally: every outcome counts towards the next progress report; `fetched` counts requests, so a robots.txt or time-limit skip (none made) does not. */
export function tally(o: CrawlOutcome, run: IndexRun): CrawlOutcome {
  run.sinceReport++;
  if (!(o.kind === 'skipped' && o.notFetched)) run.counts.fetched++;
  return o;
}
