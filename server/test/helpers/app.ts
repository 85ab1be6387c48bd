import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import type { Db } from '../../src/db/db.js';
import { createAnswerer } from '../../src/answer/service.js';
import { startConversationTurns } from '../../src/answer/turns/conversationTurnOrder.js';
import { buildApp } from '../../src/http/app.js';
import { createFirebaseVerifier } from '../../src/http/auth.js';
import type { AppContext } from '../../src/http/context.js';
import { createLimits } from '../../src/http/limits.js';
import { MessageCache } from '../../src/db/repositories/messageCache.js';
import { emulatorHost } from './auth.js';
import { openTestDb } from './db.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Reuse a database (e.g. shared by several apps in one test). */
  db?: Db;
  /** Share another app's message cache (apps on one database that write each other's conversations). */
  messageCache?: MessageCache;
  wakeWorker?: () => void;
  abortTaskHere?: (taskId: string) => void;
  /** Serve front-end builds from this root. */
  staticRoot?: string;
  /** A data directory for /health to probe, as in embedded mode. */
  dataDir?: string;
  /** Log to this stream (at LOG_LEVEL, default info) instead of not at all. */
  logStream?: NodeJS.WritableStream;
}

/** The real app on a fresh test database, verifying real tokens from the auth emulator. */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost();
  const config = loadConfig({
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    LOG_LEVEL: opts.logStream ? 'info' : 'silent',
    DATA_DIR: '/nonexistent',
    ...opts.env,
  });
  const db = opts.db ?? (await openTestDb());
  const auth = createFirebaseVerifier(config);
  // As the server builds them: shared through Redis when the test sets REDIS_URL.
  const limits = createLimits(config);
  const messageCache = opts.messageCache ?? new MessageCache();
  const built: { app?: FastifyInstance } = {};
  const turns = startConversationTurns(db, messageCache, { warn: (obj: unknown, msg?: string) => built.app?.log.warn(obj, msg) });
  const ctx: AppContext = {
    config,
    db,
    messageCache,
    turns,
    auth,
    limits: limits.limits,
    answerer: createAnswerer(config, db),
    wakeWorker: opts.wakeWorker ?? (() => {}),
    abortTaskHere: opts.abortTaskHere,
    workerRunning: () => false,
    dataDir: opts.dataDir,
  };
  const app = (built.app = await buildApp(ctx, {
    logger: !!opts.logStream,
    logStream: opts.logStream,
    serveStatic: Boolean(opts.staticRoot),
    staticRoot: opts.staticRoot,
  }));
  await app.ready();
  return {
    app,
    ctx,
    db,
    config,
    async close() {
      await app.close();
      turns.close();
      await limits.close();
      await auth.close();
      if (!opts.db) await db.close();
    },
  };
}

/** A fresh visitor id of the required form. */
export const newVisitorId = (): string => `visitor-${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')}`;
