import type { TaskProgress } from '../../../shared/src/api/types.js';
import type { PipelineResult } from './pipeline.js';

/**
 * Why a refresh must not replace the live content: it stopped at the time limit (only part of the
 * site), or it kept under half the pages while over half the requests failed (the site was down or
 * blocking us, not shrunk). A refresh that indexed nothing is left to the caller.
 */
export function refuseSwap(
  counts: TaskProgress,
  failureKinds: Set<string>,
  stoppedBy: PipelineResult['stoppedBy'],
  previous: number,
  totalSeconds: number,
): PipelineResult['keptPrevious'] {
  if (counts.indexed === 0 || stoppedBy === 'aborted') return undefined;
  const kept = `the previous content (${previous} pages) stays live`;
  if (stoppedBy === 'time') {
    return {
      reason: `The crawl reached its time limit (${totalSeconds} s) after indexing ${counts.indexed} pages, so ${kept}.`,
      transient: false,
    };
  }
  if (counts.indexed < previous / 2 && counts.failed > counts.fetched / 2) {
    // Network trouble may pass, so the task is retried; HTTP errors and refusals will not.
    const transient = [...failureKinds].every((k) => k === 'network' || k === 'timeout');
    return {
      reason: `Only ${counts.indexed} pages could be indexed and ${counts.failed} of ${counts.fetched} requests failed, so ${kept}.`,
      transient,
    };
  }
  return undefined;
}
