import { inBackground } from '../db/foregroundFirst.js';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { TaskRow } from '../db/repositories/tasks.js';
import { startEmbeddingBackfill } from '../embeddings/backfill.js';
import { claimTask, completeTask, failTask, recoverExpiredLeases, releaseTask, renewLease, saveProgress } from './queue.js';
import { PermanentTaskError, type HandlerRegistry } from './registry.js';
import { enqueueDueRecrawls } from './schedule.js';

export interface WorkerOptions {
  db: Db;
  config: Config;
  registry: HandlerRegistry;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  concurrency?: number;
  leaseSeconds?: number;
  pollMs?: number;
  /** How often to return expired leases to the queue (default: every 15 s, or every lease if shorter). */
  recoverEveryMs?: number;
  /** Run the embedding backfill beside the tasks (default: yes, when embeddings are on). */
  backfill?: boolean;
}

export interface Worker {
  readonly id: string;
  /** Claim now rather than at the next poll. */
  wake(): void;
  /** Abort a task this worker runs (the owner stopped it); false if it runs elsewhere or not at all. */
  abort(taskId: string): boolean;
  /** Stop claiming, abort running handlers and wait for them to settle. */
  stop(): Promise<void>;
  running(): boolean;
}

const RECOVER_EVERY_MS = 15_000;

/** Poll-and-claim loop over the tasks table; several can run in one process or across processes. */
export function startWorker(opts: WorkerOptions): Worker {
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseSeconds = opts.leaseSeconds ?? opts.config.TASK_LEASE_SECONDS;
  const pollMs = opts.pollMs ?? opts.config.TASK_POLL_MS;
  // A task whose worker died waits for its lease to expire and then for the next recovery: with a
  // short lease, checking only every 15 s would make that wait three times the lease.
  const recoverEveryMs = opts.recoverEveryMs ?? Math.min(RECOVER_EVERY_MS, leaseSeconds * 1000);
  const slots = opts.concurrency ?? opts.config.WORKER_CONCURRENCY;
  const shutdown = new AbortController();
  const active = new Set<Promise<void>>();
  const leases = new Map<string, AbortController>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastRecovery = 0;
  // One poll at a time (so slots are never overbooked), kept so stop() can wait for a claim in flight.
  let ticking: Promise<void> | undefined;
  let tickAgain = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(runTick, delay);
  };

  function runTick(): void {
    if (ticking) {
      tickAgain = true;
      return;
    }
    // Background: the poll, and the tasks it starts with their heartbeats, inherit the lane, so on
    // the embedded database visitors' queries go first (db/foregroundFirst.ts); and the indexer's
    // batches grow while only background work reaches the database (index/indexer.ts).
    ticking = inBackground(tick).finally(() => {
      ticking = undefined;
      if (tickAgain) {
        tickAgain = false;
        schedule(0);
      }
    });
  }

  /** Give a claimed task back to the queue because this worker is stopping. */
  const release = (task: TaskRow) =>
    releaseTask(opts.db, task.id, id).then(
      (released) => released && opts.log.info({ taskId: task.id }, 'task released to the queue on shutdown'),
      (err) => opts.log.error({ err, taskId: task.id }, 'could not release task on shutdown; its lease will expire'),
    );

  async function tick(): Promise<void> {
    try {
      if (Date.now() - lastRecovery >= recoverEveryMs) {
        lastRecovery = Date.now();
        const n = await recoverExpiredLeases(opts.db);
        if (n > 0) opts.log.warn({ count: n }, 'returned tasks with expired leases to the queue');
        const queued = await enqueueDueRecrawls(opts.db, opts.config.TASK_MAX_ATTEMPTS);
        if (queued > 0) opts.log.info({ count: queued }, 'queued scheduled re-crawls');
      }
      while (!stopped && active.size < slots) {
        const task = await claimTask(opts.db, id, opts.registry.types(), leaseSeconds, opts.config.WORKER_CONCURRENCY_PER_OWNER);
        if (!task) break;
        if (stopped) {
          // stop() came while this claim was in flight: do not start work we would abort at once.
          await release(task);
          break;
        }
        const run = execute(task).finally(() => {
          active.delete(run);
          schedule(0);
        });
        active.add(run);
      }
    } catch (err) {
      if (!stopped) opts.log.error({ err }, 'worker poll failed');
    }
    schedule(pollMs);
  }

  async function execute(task: TaskRow): Promise<void> {
    const handler = opts.registry.get(task.task_type)!;
    const lease = new AbortController();
    leases.set(task.id, lease);
    const signal = AbortSignal.any([shutdown.signal, lease.signal]);
    const heartbeat = setInterval(
      () => {
        renewLease(opts.db, task.id, id, leaseSeconds)
          .then((held) => held || lease.abort(new Error('lease lost')))
          .catch(() => {});
      },
      Math.max(1000, (leaseSeconds * 1000) / 3),
    );
    opts.log.info({ taskId: task.id, type: task.task_type, attempt: task.attempts }, 'task started');
    try {
      // Background work already: execute runs only from tick, inside runTick's inBackground.
      await handler({
        db: opts.db,
        config: opts.config,
        task,
        signal,
        progress: (p) => saveProgress(opts.db, task.id, id, p),
      });
      if (signal.aborted) throw signal.reason ?? new Error('aborted');
      await completeTask(opts.db, task.id, id);
      opts.log.info({ taskId: task.id }, 'task completed');
    } catch (err) {
      // A shutdown is not the task's fault: once the handler has stopped, hand the task back at once
      // (rather than leaving it 'running' until its lease expires, with an attempt spent).
      if (shutdown.signal.aborted) return void (await release(task));
      const reason = err instanceof Error ? err.message : String(err);
      const outcome = await failTask(opts.db, task, id, reason, err instanceof PermanentTaskError).catch(() => 'lost');
      opts.log.warn({ taskId: task.id, outcome, reason }, 'task attempt failed');
    } finally {
      clearInterval(heartbeat);
      leases.delete(task.id);
    }
  }

  schedule(0);
  // Chunks without a vector from the configured model (a model change, embeddings turned on later).
  const backfill = opts.backfill === false ? undefined : startEmbeddingBackfill(opts.db, opts.config, opts.log);
  return {
    id,
    wake: () => schedule(0),
    running: () => !stopped,
    abort(taskId) {
      const lease = leases.get(taskId);
      lease?.abort(new Error('stopped by the owner'));
      return lease !== undefined;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      shutdown.abort(new Error('worker stopping'));
      await ticking?.catch(() => {});
      await Promise.allSettled([...active, backfill?.stop()]);
    },
  };
}
