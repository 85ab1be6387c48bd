import type { CrawlOutcome } from '../crawl/crawlTypes.js';
import type { IndexRun } from './indexRun.js';
import { admit } from './stages/admit.js';
import { chunk } from './stages/chunk.js';
import { record } from './stages/record.js';
import { tally } from './stages/tally.js';

/**
 * What the indexing does with each crawl outcome, in order. Contract: a stage is
 * `(outcome, run) => outcome | void`, sync or async; it returns the outcome (perhaps rewritten)
 * for the next stage, or nothing to end it there. Only `record` writes the outcome's source row.
 */
export type IndexStage = (outcome: CrawlOutcome, run: IndexRun) => Promise<CrawlOutcome | void> | CrawlOutcome | void;

export const INDEX_STAGES: readonly IndexStage[] = [
  tally, // requests made (a robots.txt or time-limit skip made none)
  admit, // a page's anchors and site-level boilerplate, seen before it is stored
  chunk, // a new or changed page is chunked and indexed
  record, // counts, the source row, progress
];
