import type { Task } from '../../../../shared/src/api/types.js';
import type { TaskRow } from '../../db/repositories/tasks.js';
import { iso } from '../../db/repositories/timestamps.js';

/** A task as the API shows it: no queue internals (params, lease, worker), ISO timestamps. */
export function presentTask(row: TaskRow): Task {
  return {
    id: row.id,
    chatbot_id: row.chatbot_id,
    task_type: row.task_type,
    status: row.status,
    progress: row.progress,
    error: row.error,
    attempts: row.attempts,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    limit_reached: row.limit_reached ?? null,
  };
}
