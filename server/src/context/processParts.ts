import type { Config } from '../config.js';
import { closeSharedBrowserPools } from '../crawl/render/browserPool.js';
import type { Db } from '../db/db.js';
import { openDatabase } from '../db/open.js';
import { closeEmbeddingProvider } from '../embeddings/shared.js';
import { registerHandlers } from '../jobs/handlers/index.js';
import { HandlerRegistry } from '../jobs/registry.js';
import { startWorker, type Worker, type WorkerOptions } from '../jobs/worker.js';

/**
 * The parts an app (composeApp) and a worker-only process (composeWorker) both build, built the
 * same way in both: the database, the task worker with every task handler, and the process-wide
 * providers that whoever owns the process ends.
 */

/** Settings of a task worker (the rest come from the config). */
export type WorkerTuning = Partial<Pick<WorkerOptions, 'pollMs' | 'leaseSeconds' | 'backfill'>>;

/** A database and how to let go of it: closed, or left open when its owner is elsewhere (`keep`). */
export interface HeldDb {
  db: Db;
  close(): Promise<void>;
}

/** The given database (opened and migrated), or the config's, opened and migrated now. */
export async function holdDatabase(config: Config, given?: Db, keep = false): Promise<HeldDb> {
  const db = given ?? (await openDatabase(config));
  return { db, close: () => (keep ? Promise.resolve() : db.close()) };
}

/** A task worker that runs every kind of task (crawls, rebuilds, deletions…). */
export function startTaskWorker(db: Db, config: Config, log: WorkerOptions['log'], tuning: WorkerTuning = {}): Worker {
  return startWorker({ db, config, registry: registerHandlers(new HandlerRegistry()), log, ...tuning });
}

/** Ends the process-wide providers (the embedding model, the rendering browsers); the process's owner only. */
export async function closeProcessProviders(): Promise<void> {
  await closeEmbeddingProvider();
  await closeSharedBrowserPools();
}
