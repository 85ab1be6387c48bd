import { useEffect, useRef, useState } from 'react';
import type { Task, TaskStatus } from '../../../shared/src/api/types';
import { fetchLatestTask } from './queries';

export const TASK_POLL_MS = 5000;

/** Queued and running tasks are active: their badge keeps polling. */
export function isActiveStatus(status: TaskStatus | string | undefined): boolean {
  return status === 'queued' || status === 'running';
}

/**
 * The bot's latest task, kept fresh: starts from `given` (or fetches it when none is given), then
 * re-fetches every 5 s while the task is active. A failed fetch leaves the bot without a task.
 * `onSettled` fires once when an active task stops being active.
 */
export function useTaskPolling(chatbotId: string, given: Task | null | undefined, onSettled?: (task: Task) => void): Task | null {
  const [task, setTask] = useState<Task | null>(given ?? null);
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;

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
    if (!isActiveStatus(status)) return;
    let cancelled = false;
    const timer = setTimeout(() => {
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
    }, TASK_POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // Re-arm after every poll answer, even when the status did not change.
  }, [chatbotId, status, taskId, task]);

  return task;
}
