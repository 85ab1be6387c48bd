import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { Worker, WorkerOptions } from '../jobs/worker.js';
import { closeProcessProviders, holdDatabase, startTaskWorker, type WorkerTuning } from './processParts.js';

/** What the caller of composeWorker may supply instead of what it would build from the config. */
export interface WorkerOverrides {
  /** An opened, migrated database (default: openDatabase(config)). Closed with the worker unless `keepDb`. */
  db?: Db;
  keepDb?: boolean;
  /** Where the worker logs. */
  log: WorkerOptions['log'];
  tuning?: WorkerTuning;
  /** Runs once the database is open and before the worker starts (announce the embeddings). */
  beforeWorker?: (db: Db) => Promise<void>;
  /** Also end the process-wide providers on close (as composeApp's `ownsProcess`). */
  ownsProcess?: boolean;
}

/** A worker-only process's parts: the database and the task worker, no HTTP app. */
export interface ComposedWorker {
  db: Db;
  worker: Worker;
  /** Stops the worker (its running tasks go back to the queue), then closes the database. Once. */
  close(): Promise<void>;
}

/**
 * The composition root of `npm run worker` (the PostgreSQL scale-out worker): the same database,
 * task worker and close order as composeApp's, without the HTTP app and what only routes use.
 */
export async function composeWorker(config: Config, overrides: WorkerOverrides): Promise<ComposedWorker> {
  const held = await holdDatabase(config, overrides.db, overrides.keepDb);
  let worker: Worker;
  try {
    await overrides.beforeWorker?.(held.db);
    worker = startTaskWorker(held.db, config, overrides.log, overrides.tuning);
  } catch (err) {
    await held.close();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    db: held.db,
    worker,
    close: () =>
      (closing ??= (async () => {
        await worker.stop();
        if (overrides.ownsProcess) await closeProcessProviders();
        await held.close();
      })()),
  };
}
