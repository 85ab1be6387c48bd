import type { TaskProgress, TaskStatus, TaskType } from '../../../../shared/src/contract/tasks.js';
import { one, type Queryable } from '../db.js';

export interface TaskRow {
  id: string;
  chatbot_id: string;
  task_type: TaskType;
  status: TaskStatus;
  params: Record<string, unknown>;
  progress: TaskProgress;
  error: string | null;
  attempts: number;
  max_attempts: number;
  run_after: Date | string;
  lease_until: Date | string | null;
  locked_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  /** A crawl stopped at its page or depth limit with links left (migration 026); null otherwise. */
  limit_reached: { kind: 'pages' | 'depth'; links_left: number } | null;
}

export interface TaskListQuery {
  taskType?: string;
  status?: TaskStatus;
  limit: number;
  offset: number;
}

/** A bot's tasks, newest first. */
export async function listTasks(q: Queryable, chatbotId: string, query: TaskListQuery): Promise<TaskRow[]> {
  const params: unknown[] = [chatbotId];
  let where = 'chatbot_id = $1';
  if (query.taskType) {
    params.push(query.taskType);
    where += ` AND task_type = $${params.length}`;
  }
  if (query.status) {
    params.push(query.status);
    where += ` AND status = $${params.length}`;
  }
  params.push(query.limit, query.offset);
  const rows = await q.query<TaskRow>(
    `SELECT * FROM tasks WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows;
}

/** One task of a bot (a task id of another bot is not found). */
export async function getTask(q: Queryable, chatbotId: string, taskId: string): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>('SELECT * FROM tasks WHERE id = $1 AND chatbot_id = $2', [taskId, chatbotId]);
  return rows[0];
}

/**
 * The first step of a task's swap transaction: lock the task's row and mark it swapped, unless the
 * owner stopped it first (false: the caller rolls back and the old content stays live). Either the
 * Stop or the swap wins, never both. A pipeline run without a queued task (benchmarks, tests) has no
 * row to guard and may swap.
 */
export async function claimSwap(tx: Queryable, taskId: string): Promise<boolean> {
  const row = await one<{ status: string }>(tx, 'SELECT status FROM tasks WHERE id = $1 FOR UPDATE', [taskId]);
  if (!row) return true;
  if (row.status !== 'running') return false;
  await tx.query('UPDATE tasks SET swapped_at = now(), updated_at = now() WHERE id = $1', [taskId]);
  return true;
}

/**
 * A bot has a task waiting or running: a second crawl would race it for the same content. The
 * bot's row is locked first, as the scheduler does (jobs/schedule.ts), so the two never both queue.
 */
export async function hasActiveTask(q: Queryable, chatbotId: string): Promise<boolean> {
  await q.query('SELECT 1 FROM chatbots WHERE id = $1 FOR UPDATE', [chatbotId]);
  const rows = await q.query(
    `SELECT 1 FROM tasks WHERE chatbot_id = $1 AND status IN ('queued', 'pending', 'running') LIMIT 1 FOR UPDATE`,
    [chatbotId],
  );
  return rows.length > 0;
}

/** What limit a crawl task stopped at, with the links it left (null: none), for the owner's "crawl more". */
export async function setTaskLimitReached(q: Queryable, taskId: string, limit: TaskRow['limit_reached']): Promise<void> {
  await q.query('UPDATE tasks SET limit_reached = $2 WHERE id = $1', [taskId, limit ? JSON.stringify(limit) : null]);
}
