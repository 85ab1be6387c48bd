import type { TaskProgress } from '../../../shared/src/api/types.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { TaskRow } from '../db/repositories/tasks.js';

export interface TaskContext {
  db: Db;
  config: Config;
  /** max_attempts unknown (tests that play the worker): the attempt counts as the last. */
  task: Pick<TaskRow, 'id' | 'chatbot_id' | 'task_type' | 'params' | 'attempts'> & Partial<Pick<TaskRow, 'max_attempts'>>;
  /** Aborted when the worker shuts down or loses the lease; handlers should stop promptly. */
  signal: AbortSignal;
  /** Merge counters into the task's visible progress. */
  progress(p: Partial<TaskProgress>): Promise<void>;
}

export type TaskHandler = (ctx: TaskContext) => Promise<void>;

/** Thrown by a handler when retrying cannot help (bad input, nothing to crawl). */
export class PermanentTaskError extends Error {
  override name = 'PermanentTaskError';
}

export class HandlerRegistry {
  private readonly handlers = new Map<string, TaskHandler>();

  register(taskType: string, handler: TaskHandler): void {
    if (this.handlers.has(taskType)) throw new Error(`a handler for ${taskType} is already registered`);
    this.handlers.set(taskType, handler);
  }

  get(taskType: string): TaskHandler | undefined {
    return this.handlers.get(taskType);
  }

  types(): string[] {
    return [...this.handlers.keys()];
  }
}
