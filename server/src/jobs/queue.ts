import { randomUUID } from 'node:crypto';
import type { TaskProgress, TaskType } from '../../../shared/src/api/types.js';
import type { Db, Queryable } from '../db/db.js';
import { one } from '../db/db.js';
import type { TaskRow } from '../db/repositories/tasks.js';
import type { TaskParamsInput } from './taskParams.js';

/**
 * The tasks table is the job queue. Statuses: queued (ready), running (leased by a worker),
 * pending (failed an attempt, waiting for its retry time), completed, failed (gave up, with a reason).
 */
export type EnqueueInput = {
  [T in TaskType]: {
    chatbotId: string;
    taskType: T;
    /** Checked again by the handler when the task runs (taskParams.ts). */
    params?: TaskParamsInput<T>;
    maxAttempts?: number;
  };
}[TaskType];

export async function enqueueTask(q: Queryable, input: EnqueueInput): Promise<TaskRow> {
  const row = await one<TaskRow>(
    q,
    `INSERT INTO tasks (id, chatbot_id, task_type, params, max_attempts)
     VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING *`,
    [randomUUID(), input.chatbotId, input.taskType, JSON.stringify(input.params ?? {}), input.maxAttempts ?? 3],
  );
  return row!;
}

/**
 * Claim a runnable task of the given types, fairly across owners: never one of an owner who already
 * has `perOwner` tasks running (so one owner's stalled crawls cannot take every slot), and among the
 * rest the owner served least recently first (round robin), then the oldest task. SKIP LOCKED lets
 * many workers claim at once without ever handing the same task to two of them; a per-owner
 * advisory lock, taken before the running count is checked again, keeps two workers claiming at the
 * same moment from both taking an owner's last slot.
 */
export function claimTask(
  db: Db,
  workerId: string,
  types: string[],
  leaseSeconds: number,
  perOwner = Number.MAX_SAFE_INTEGER,
): Promise<TaskRow | undefined> {
  return db.transaction(async (tx) => {
    const candidate = await one<{ id: string; owner_uid: string }>(
      tx,
      `WITH owners AS (
         SELECT coalesce(c.owner_uid, '') AS owner_uid, count(*) FILTER (WHERE t.status = 'running') AS running, max(t.started_at) AS last_started
           FROM tasks t LEFT JOIN chatbots c ON c.id = t.chatbot_id
          WHERE t.status = 'running' OR t.started_at > now() - interval '1 day'
          GROUP BY 1)
       SELECT t.id, coalesce(c.owner_uid, '') AS owner_uid FROM tasks t
         LEFT JOIN chatbots c ON c.id = t.chatbot_id
         LEFT JOIN owners o ON o.owner_uid = coalesce(c.owner_uid, '')
        WHERE t.status IN ('queued', 'pending') AND t.run_after <= now() AND t.task_type = ANY($1::text[])
          AND coalesce(o.running, 0) < $2
        ORDER BY o.last_started NULLS FIRST, t.run_after, t.created_at, t.seq
        LIMIT 1 FOR UPDATE OF t SKIP LOCKED`,
      [types, perOwner],
    );
    if (!candidate) return undefined;
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('docent-task-owner:' || $1::text))`, [candidate.owner_uid]);
    const running = await one<{ n: number }>(
      tx,
      `SELECT count(*)::int AS n FROM tasks t LEFT JOIN chatbots c ON c.id = t.chatbot_id WHERE t.status = 'running' AND coalesce(c.owner_uid, '') = $1`,
      [candidate.owner_uid],
    );
    // Another worker filled this owner's last slot meanwhile: the next poll finds a task of someone else.
    if (running!.n >= perOwner) return undefined;
    return one<TaskRow>(
      tx,
      `UPDATE tasks SET status = 'running', attempts = attempts + 1, locked_by = $2,
              lease_until = now() + make_interval(secs => $3), started_at = coalesce(started_at, now()),
              error = NULL, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [candidate.id, workerId, leaseSeconds],
    );
  });
}

/** Extend the lease; false means the task is no longer ours (expired and reclaimed), so stop work. */
export async function renewLease(q: Queryable, taskId: string, workerId: string, leaseSeconds: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE tasks SET lease_until = now() + make_interval(secs => $3), updated_at = now()
      WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [taskId, workerId, leaseSeconds],
  );
  return rows.length === 1;
}

/** Merge counters into the task's progress (only while this worker holds it). */
export async function saveProgress(q: Queryable, taskId: string, workerId: string, progress: Partial<TaskProgress>): Promise<void> {
  await q.query(
    `UPDATE tasks SET progress = progress || $3::jsonb, updated_at = now()
      WHERE id = $1 AND locked_by = $2 AND status = 'running'`,
    [taskId, workerId, JSON.stringify(progress)],
  );
}

export async function completeTask(q: Queryable, taskId: string, workerId: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE tasks SET status = 'completed', lease_until = NULL, locked_by = NULL, finished_at = now(), updated_at = now()
      WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [taskId, workerId],
  );
  return rows.length === 1;
}

const RETRY_BASE_SECONDS = 5;
const RETRY_FACTOR = 4;
const RETRY_MAX_SECONDS = 600;

/** Exponential backoff between attempts: 5 s, 20 s, 80 s … capped at 10 minutes. */
export const retryDelaySeconds = (attempt: number): number =>
  Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * RETRY_FACTOR ** Math.max(0, attempt - 1));

/** retryDelaySeconds(attempts) in SQL, for updates that touch many rows at once. */
const RETRY_DELAY_SQL = `least(${RETRY_MAX_SECONDS}, ${RETRY_BASE_SECONDS} * power(${RETRY_FACTOR}, greatest(0, attempts - 1)))`;

/**
 * Record a failed attempt: retry later (status pending) while attempts remain, else fail for good.
 * `permanent` skips the remaining attempts (bad input will not get better by waiting).
 */
export async function failTask(
  q: Queryable,
  task: TaskRow,
  workerId: string,
  reason: string,
  permanent: boolean,
): Promise<'pending' | 'failed' | 'lost'> {
  const retry = !permanent && task.attempts < task.max_attempts;
  const rows = await q.query<{ status: 'pending' | 'failed' }>(
    `UPDATE tasks SET status = $3, error = $4, lease_until = NULL, locked_by = NULL, updated_at = now(),
            run_after = now() + make_interval(secs => $5),
            finished_at = CASE WHEN $3 = 'failed' THEN now() ELSE NULL END
      WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING status`,
    [task.id, workerId, retry ? 'pending' : 'failed', reason.slice(0, 2000), retry ? retryDelaySeconds(task.attempts) : 0],
  );
  return rows[0]?.status ?? 'lost';
}

/**
 * A worker shutting down cleanly hands its task back untouched: queued again, the attempt it spent
 * given back (stopping is not the task's fault), the lease cleared so another worker takes it at once.
 */
export async function releaseTask(q: Queryable, taskId: string, workerId: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE tasks SET status = 'queued', attempts = greatest(0, attempts - 1), lease_until = NULL, locked_by = NULL,
            run_after = now(), updated_at = now()
      WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [taskId, workerId],
  );
  return rows.length === 1;
}

/**
 * Tasks whose worker died (lease expired) go back to pending for another attempt after the same
 * backoff as a failed attempt (a task that kills its worker should not be retried in a tight loop),
 * or fail once their attempts are spent. Safe to run from every process at any time.
 */
export async function recoverExpiredLeases(q: Queryable): Promise<number> {
  const rows = await q.query(
    `UPDATE tasks SET
            status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
            error = CASE WHEN attempts >= max_attempts
                         THEN 'The worker stopped responding and the task ran out of attempts.'
                         ELSE 'The worker stopped responding; retrying.' END,
            finished_at = CASE WHEN attempts >= max_attempts THEN now() ELSE NULL END,
            lease_until = NULL, locked_by = NULL, updated_at = now(),
            run_after = now() + make_interval(secs => ${RETRY_DELAY_SQL})
      WHERE status = 'running' AND lease_until < now() RETURNING id`,
  );
  return rows.length;
}

export const STOPPED_REASON = 'Stopped by the owner. The previous content stays live.';

/**
 * The owner's Stop: a waiting or running task fails at once with STOPPED_REASON and no retry. A
 * worker running it loses its lease with this update, so its next renewal (or, in this process,
 * the worker's abort) stops the handler, which discards its staged generation. Returns whether a
 * task was stopped (false: it had already finished).
 */
export async function stopTask(q: Queryable, taskId: string): Promise<boolean> {
  // swapped_at IS NULL: see claimSwap (db/repositories/tasks.ts). On PostgreSQL a Stop that waits on the swap's row lock
  // re-checks this on the swapped row, so it cannot land on content that just went live.
  const rows = await q.query(
    `UPDATE tasks SET status = 'failed', error = $2, lease_until = NULL, locked_by = NULL, finished_at = now(), updated_at = now()
      WHERE id = $1 AND status IN ('queued', 'pending', 'running') AND swapped_at IS NULL RETURNING id`,
    [taskId, STOPPED_REASON],
  );
  return rows.length === 1;
}

/** Whether the owner stopped this task (a handler that was aborted tells a Stop from a shutdown). */
export async function wasStopped(q: Queryable, taskId: string): Promise<boolean> {
  const row = await one<{ stopped: boolean }>(q, `SELECT status = 'failed' AND error = $2 AS stopped FROM tasks WHERE id = $1`, [
    taskId,
    STOPPED_REASON,
  ]);
  return row?.stopped === true;
}
