import { crawlSite } from '../crawl/crawler.js';
import { decideFinish } from './finish.js';
import { yieldToEventLoop } from './indexer.js';
import { crawlOptions, openCrawlParts, planIndexRun, resume } from './plan.js';
import type { PipelineInput, PipelineResult } from './pipelineTypes.js';
import { finishSiteLevel } from './siteLevel.js';
import { swap } from './swapIn.js';

export type { PipelineInput, PipelineMode, PipelineResult } from './pipelineTypes.js';

/**
 * crawl → extract → chunk → index for one task: resume (a retry clears its predecessor's writes,
 * or finds them committed) → plan (live or staged) → crawl (crawlSite, its outcomes through the
 * index stages of IndexRun.onOutcome) → finish (decideFinish: site-level pass, refuse-swap or
 * swap-in) → swap. Per-URL sources and throttled progress along the way.
 */
export async function runIndexingPipeline(input: PipelineInput): Promise<PipelineResult> {
  const started = Date.now();
  const committed = await resume(input, started);
  if (committed) return committed;
  const run = await planIndexRun(input);
  const { indexer, counts, changes } = run;
  const parts = await openCrawlParts(input);
  let decision;
  let stoppedBy: PipelineResult['stoppedBy'];
  let limitReached: PipelineResult['limitReached'];
  try {
    await input.progress?.({ ...counts });
    ({ stoppedBy, limitReached } = await crawlSite(parts.fetcher, parts.extractor, crawlOptions(input, run), run));
    await indexer.flush();
    decision = decideFinish(run, stoppedBy);
    if (decision.siteLevel) await finishSiteLevel(input.db, input.taskId, indexer, run.boilerplate, run.anchors, run.storedUrls);
    // A refresh's vectors are made before its swap, so they go live with the content.
    await indexer.settled();
    await run.report(true);
    if (changes) await input.progress?.({ ...counts, ...changes.progress(true) });
  } finally {
    await parts.close();
  }
  await yieldToEventLoop();
  stoppedBy = await swap(run, decision, stoppedBy);
  return {
    ...counts,
    ...changes?.progress(true),
    chunks: indexer.chunks,
    attempted: counts.fetched,
    keptPrevious: decision.kind === 'refuse-swap' ? decision.keptPrevious : undefined,
    stoppedBy,
    limitReached: stoppedBy ? null : (limitReached ?? null),
    startFailure: run.startFailure,
    startSkipped: run.startSkipped,
    failureKinds: run.failureKinds,
    timings: { totalMs: Date.now() - started },
  };
}
