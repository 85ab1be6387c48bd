import type { Task } from '../../../shared/src/api/types';

/** Badge style of a task status (spec §4): pending and queued share one style. */
export function badgeStyle(status: string | undefined): 'running' | 'completed' | 'failed' | 'pending' | 'neutral' {
  switch (status) {
    case 'running':
      return 'running';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'pending':
    case 'queued':
      return 'pending';
    default:
      return 'neutral';
  }
}

/** Shows a task's status; nothing when there is no task (yet). */
export function StatusBadge({ task }: { task: Task | null }) {
  if (!task) return null;
  return (
    <span className={`badge badge-${badgeStyle(task.status)}`} data-status={task.status} title={task.error ?? undefined}>
      {task.status}
    </span>
  );
}
