import { useEffect, useRef, useState } from 'react';
import type { Task, TaskStatus } from '../../../shared/src/api/types';
import { fetchLatestTask } from './queries';

export const TASK_POLL_MS = 5000;
/**
 * Right after a task is queued the owner is watching for it to start, and a small crawl or a refresh
 * of an unchanged site ends within seconds: poll that often for its first QUICK_WINDOW_MS (counted
 * from when this page first saw it active), so neither the start nor such an end waits 5 s, and
 * Stop is not offered for seconds after the task has ended.
 */
export const QUICK_POLL_MS = 700;
export const QUICK_WINDOW_MS = 15_000;
/** A task created longer ago than this (an old task, or a clock far off) is polled at the spec's pace at once. */
const RECENT_TASK_MS = 60_000;

/** How long to wait before the next poll of an active task first seen active at `seenAt`. */
export function pollDelay(task: Task, seenAt: number, now = Date.now()): number {
  const created = Date.parse(task.created_at);
  const recent = Number.isFinite(created) && now - created < RECENT_TASK_MS;
  return recent && now - seenAt < QUICK_WINDOW_MS ? QUICK_POLL_MS : TASK_POLL_MS;
}

/** Queued and running tasks are active: their badge keeps polling. */
export function isActiveStatus(status: TaskStatus | string | undefined): boolean {
  return status === 'queued' || status === 'running';
}

/**
 * The bot's latest task, kept fresh: starts from `given` (or fetches it when none is given), then
 * re-fetches every 5 s while the task is active (every 0.7 s in its first seconds, see QUICK_POLL_MS). A failed fetch leaves the bot without a task.
 * `onSettled` fires once when an active task stops being active.
 */
export function useTaskPolling(chatbotId: string, given: Task | null | undefined, onSettled?: (task: Task) => void): Task | null {
  const [task, setTask] = useState<Task | null>(given ?? null);
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  // When each task id was first seen active here (the quick polls count from then).
  const seen = useRef<{ id: string; at: number } | null>(null);

  // A newer task handed down by the parent replaces ours.
  useEffect(() => {
    if (given && (!task || given.id !== task.id || given.updated_at > task.updated_at)) setTask(given);
  }, [given?.id, given?.updated_at, given?.status]);

  // No task given: fetch the latest once.
  useEffect(() => {
    if (given) return;
    let cancelled = false;
    fetchLatestTask(chatbotId).then(
      (latest) => !cancelled && setTask(latest),
      (err: unknown) => {
        console.error('Task fetch failed', err);
        if (!cancelled) setTask(null);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [chatbotId]);

  const status = task?.status;
  const taskId = task?.id;
  useEffect(() => {
    if (!isActiveStatus(status) || !task) return;
    if (seen.current?.id !== task.id) seen.current = { id: task.id, at: Date.now() };
    let cancelled = false;
    const timer = setTimeout(
      () => {
        fetchLatestTask(chatbotId).then(
          (latest) => {
            if (cancelled) return;
            setTask(latest);
            if (latest && !isActiveStatus(latest.status)) settledRef.current?.(latest);
          },
          (err: unknown) => {
            console.error('Task fetch failed', err);
            if (!cancelled) setTask(null);
          },
        );
      },
      pollDelay(task, seen.current.at),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // Re-arm after every poll answer, even when the status did not change.
  }, [chatbotId, status, taskId, task]);

  return task;
}
