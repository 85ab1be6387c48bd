import type { CrawlRun } from './crawlRun.js';
import { crawlPage } from './pageStages.js';

/**
 * A fixed set of runners (run.slots) drains the frontier's queue breadth-first; links found join
 * the queue while it runs. Returns when the queue is empty and every page is done, or at once
 * when the crawl is stopped (Stop, time budget), leaving the rest of the queue to run.finish().
 */
export async function drainQueue(run: CrawlRun): Promise<void> {
  const { queue } = run.frontier;
  const running = new Set<Promise<void>>();
  let onDeadline = () => {};
  const deadline = new Promise<void>((r) => (onDeadline = r));
  run.signal.addEventListener('abort', onDeadline, { once: true });
  while (!run.stopped()) {
    while (queue.length > 0 && running.size < run.slots && !run.stopped()) {
      const item = queue.shift()!;
      const p: Promise<void> = crawlPage(item, run)
        .catch(async (err) => {
          await run.report({ kind: 'failed', url: item.url, reason: String((err as Error)?.message ?? err), errorKind: 'network' });
        })
        .finally(() => {
          running.delete(p);
          run.ledger.settled(item.url);
        });
      running.add(p);
    }
    if (running.size === 0) break;
    await Promise.race([...running, deadline]);
  }
  await Promise.allSettled([...running]);
  run.signal.removeEventListener('abort', onDeadline);
}
