import type { PipelineResult } from './pipelineTypes.js';
import type { IndexRun } from './indexRun.js';
import { refuseSwap } from './refuseSwap.js';

/**
 * What happens to a crawl's generation once the crawl is over:
 * - `swap-in`: the site-level pass (final boilerplate, anchor texts) and then the swap;
 * - `refuse-swap`: a refresh not worth swapping in (time limit, mostly failures): its staged
 *   generation is dropped and the previous content stays live, for the reason given;
 * - `keep`: nothing to swap (nothing indexed, or stopped): the bot's content and sources stay exactly as they were.
 */
export type FinishDecision =
  | { kind: 'swap-in'; siteLevel: true }
  | { kind: 'refuse-swap'; siteLevel: false; keptPrevious: NonNullable<PipelineResult['keptPrevious']> }
  | { kind: 'keep'; siteLevel: false };

export function decideFinish(run: IndexRun, stoppedBy: PipelineResult['stoppedBy']): FinishDecision {
  const { counts } = run;
  if (counts.indexed === 0 || stoppedBy === 'aborted') return { kind: 'keep', siteLevel: false };
  const keptPrevious = run.live
    ? undefined
    : refuseSwap(counts, run.failureKinds, stoppedBy, run.previous, run.input.config.CRAWL_TOTAL_SECONDS);
  if (keptPrevious) return { kind: 'refuse-swap', siteLevel: false, keptPrevious };
  return { kind: 'swap-in', siteLevel: true };
}
