import type { Task } from '../../../shared/src/api/types';
import { isActiveStatus } from './useTaskPolling';

/** A re-crawl's comparison with the live pages (absent on a first crawl). */
const changeText = (p: Task['progress']) =>
  p.unchanged === undefined
    ? ''
    : ` (${p.new ?? 0} new, ${p.changed ?? 0} changed, ${p.unchanged} unchanged${p.removed ? `, ${p.removed} removed` : ''})`;

/** Live counts while a crawl runs, so the owner sees more than a spinner. */
export function CrawlProgress({ task }: { task: Task | null }) {
  if (!task || !isActiveStatus(task.status)) return null;
  const p = task.progress ?? { discovered: 0, fetched: 0, indexed: 0, failed: 0, skipped: 0 };
  const total = Math.max(p.discovered, p.fetched, 1);
  const pct = Math.min(100, Math.round((p.indexed / total) * 100));
  return (
    <div className="crawl-progress" aria-live="polite">
      <div
        className="progress-bar"
        role="progressbar"
        aria-label="Indexing progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span style={{ width: `${task.status === 'queued' ? 0 : Math.max(pct, 4)}%` }} />
      </div>
      <p className="crawl-progress-text">
        {task.status === 'queued'
          ? 'Waiting to start…'
          : `${p.discovered} found · ${p.fetched} fetched · ${p.indexed} indexed${p.failed ? ` · ${p.failed} failed` : ''}${p.skipped ? ` · ${p.skipped} skipped` : ''}${changeText(p)}`}
      </p>
    </div>
  );
}
