import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import { composeApp, type InProcessWorker } from '../../src/context/composeApp.js';
import type { Db } from '../../src/db/db.js';
import type { AppContext } from '../../src/http/context.js';
import type { MessageCache } from '../../src/db/repositories/messageCache.js';
import type { Worker } from '../../src/jobs/worker.js';
import { emulatorHost } from './auth.js';
import { openTestDb } from './db.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  config: Config;
  /** The in-process worker, when the options asked for one. */
  worker?: Worker;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Reuse a database (e.g. shared by several apps in one test). */
  db?: Db;
  /** Share another app's message cache (apps on one database that write each other's conversations). */
  messageCache?: MessageCache;
  /** Run the task worker in the app's process, as `npm start` does (default: none). */
  worker?: InProcessWorker;
  wakeWorker?: () => void;
  abortTaskHere?: (taskId: string) => void;
  /** Serve front-end builds from this root. */
  staticRoot?: string;
  /** A data directory for /health to probe, as in embedded mode. */
  dataDir?: string;
  /** Log to this stream (at LOG_LEVEL, default info) instead of not at all. */
  logStream?: NodeJS.WritableStream;
}

/**
 * The real app on a fresh test database, verifying real tokens from the auth emulator: composed as
 * the server composes it (context/composeApp.ts), with the test's database, cache and worker.
 */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost();
  const config = loadConfig({
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    LOG_LEVEL: opts.logStream ? 'info' : 'silent',
    DATA_DIR: '/nonexistent',
    ...opts.env,
  });
  const db = opts.db ?? (await openTestDb());
  const composed = await composeApp(config, {
    db,
    keepDb: Boolean(opts.db),
    messageCache: opts.messageCache,
    worker: opts.worker,
    wakeWorker: opts.wakeWorker,
    abortTaskHere: opts.abortTaskHere,
    dataDir: opts.dataDir ?? false,
    http: {
      logger: !!opts.logStream,
      logStream: opts.logStream,
      serveStatic: Boolean(opts.staticRoot),
      staticRoot: opts.staticRoot,
    },
  });
  await composed.app.ready();
  return { app: composed.app, ctx: composed.ctx, db, config, worker: composed.worker, close: composed.close };
}

/** A fresh visitor id of the required form. */
export const newVisitorId = (): string => `visitor-${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')}`;
