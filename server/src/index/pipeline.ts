import { crawlSite, type CrawlSummary } from '../crawl/crawler.js';
import { decideFinish, type FinishDecision } from './finish.js';
import type { IndexRun } from './indexRun.js';
import { yieldToEventLoop } from './indexer.js';
import { crawlOptions, openCrawlParts, planIndexRun, resume, type CrawlParts } from './plan.js';
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
  const crawled = await crawl(run, parts).finally(() => parts.close());
  await yieldToEventLoop();
  const stoppedBy = await swap(run, crawled.decision, crawled.stoppedBy);
  return {
    ...counts,
    ...changes?.progress(true),
    chunks: indexer.chunks,
    attempted: counts.fetched,
    keptPrevious: crawled.decision.kind === 'refuse-swap' ? crawled.decision.keptPrevious : undefined,
    stoppedBy,
    limitReached: stoppedBy ? null : (crawled.limitReached ?? null),
    startFailure: run.startFailure,
    startSkipped: run.startSkipped,
    failureKinds: run.failureKinds,
    timings: { totalMs: Date.now() - started },
  };
}

/**
 * crawl: the site crawled into the run (its outcomes through IndexRun.onOutcome), then finish: the
 * decision, the site-level pass it asks for, the vectors and the last progress report.
 */
async function crawl(run: IndexRun, parts: CrawlParts): Promise<CrawlSummary & { decision: FinishDecision }> {
  const { input, indexer, counts, changes } = run;
  await input.progress?.({ ...counts });
  const summary = await crawlSite(parts.fetcher, parts.extractor, crawlOptions(input, run), run);
  await indexer.flush();
  const decision = decideFinish(run, summary.stoppedBy);
  if (decision.siteLevel) await finishSiteLevel(input.db, input.taskId, indexer, run.boilerplate, run.anchors, run.storedUrls);
  // A refresh's vectors are made before its swap, so they go live with the content.
  await indexer.settled();
  await run.report(true);
  if (changes) await input.progress?.({ ...counts, ...changes.progress(true) });
  return { ...summary, decision };
}
