import type { CrawlOutcome } from '../../crawl/crawlTypes.js';
import { SOURCES_BATCH } from '../swapIn.js';
import type { IndexRun } from '../indexRun.js';

/**
 * record: the outcome's counts and source row (written in batches), and a progress report when
 * one is due. The first URL's failure or skip is kept: it explains a task that indexed nothing.
 */
export async function record(o: CrawlOutcome, run: IndexRun): Promise<CrawlOutcome> {
  const { counts, sources } = run;
  const depth = run.depths.get(o.url) ?? null;
  if (o.kind === 'page' || o.kind === 'unchanged') {
    counts.indexed++;
    sources.push({ url: o.url, status: 'indexed', title: o.title.slice(0, 300), depth: o.depth });
  } else if (o.kind === 'failed') {
    counts.failed++;
    run.failureKinds.add(o.errorKind);
    if (o.url === run.firstUrl) run.startFailure = { reason: o.reason, kind: o.errorKind };
    sources.push({ url: o.url, status: 'failed', error: o.reason, depth });
  } else if (o.kind === 'skipped') {
    counts.skipped++;
    if (o.url === run.firstUrl) run.startSkipped = o.reason;
    sources.push({ url: o.url, status: 'skipped', error: o.reason, depth });
  }
  if (run.sources.length >= SOURCES_BATCH) await run.flushSources();
  await run.report();
  return o;
}
