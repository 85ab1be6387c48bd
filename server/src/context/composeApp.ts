import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RetrievalParams } from '../answer/retrieval/params.js';
import { createAnswerer } from '../answer/service.js';
import { startConversationTurns, type ConversationTurns } from '../answer/turns/conversationTurnOrder.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { MessageCache } from '../db/repositories/messageCache.js';
import { buildApp, type BuildAppOptions } from '../http/app.js';
import { announcingNewUsers, createFirebaseVerifier, type AuthVerifier } from '../http/auth.js';
import type { AppContext } from '../http/context.js';
import { createLimits } from '../http/limits.js';
import type { Worker, WorkerOptions } from '../jobs/worker.js';
import { closeProcessProviders, holdDatabase, startTaskWorker } from './processParts.js';

/** How long a shutdown waits for requests in flight (a streamed answer, a URL collection) to finish. */
export const HTTP_DRAIN_MS = 15_000;

/** Settings of the in-process task worker (the rest come from the config). */
export type InProcessWorker = Partial<Pick<WorkerOptions, 'log' | 'pollMs' | 'leaseSeconds' | 'backfill'>>;

/** What the callers of composeApp may supply instead of what it would build from the config. */
export interface AppOverrides {
  /** An opened, migrated database (default: openDatabase(config)). Closed with the app unless `keepDb`. */
  db?: Db;
  /** The database outlives the app (several apps on one database in a test). */
  keepDb?: boolean;
  /** Who signs owners in (default: Firebase tokens, production or emulator, from the config). */
  auth?: AuthVerifier;
  /** Awaited before the first request of each uid (per run) goes on: `npm start` saves emulator users here. */
  onNewUser?: (uid: string) => Promise<void>;
  /** Another app's cache of conversations (apps on one database that write each other's conversations). */
  messageCache?: MessageCache;
  /** Retrieval parameters other than the defaults (the evaluation's --params). */
  retrievalParams?: Partial<RetrievalParams>;
  /** The data directory /health probes; default the embedded database's, `false` for none. */
  dataDir?: string | false;
  /** Run the task worker in this process, with these settings (default: none). */
  worker?: InProcessWorker;
  /** Without an in-process worker: how a new task wakes the worker elsewhere (a test's own worker). */
  wakeWorker?: () => void;
  abortTaskHere?: (taskId: string) => void;
  /** Runs once the app is built and before the worker starts (announce the embeddings, backfill vectors). */
  beforeWorker?: (app: FastifyInstance, ctx: AppContext) => Promise<void>;
  /** How the HTTP app logs and what it serves. */
  http?: BuildAppOptions;
  /**
   * This app is the process's only one (`npm start`, the evaluation): its close also ends the
   * process-wide providers (the embedding model, the rendering browsers). Tests leave them running
   * for the next app of the same file.
   */
  ownsProcess?: boolean;
}

/** The app's parts, built once: what main.ts, the tests and the evaluation run. */
export interface ComposedApp {
  app: FastifyInstance;
  /** What every route plugin receives. */
  ctx: AppContext;
  worker?: Worker;
  /** Stops the worker and drains HTTP (in parallel), then closes what both used, the database last. Once. */
  close(): Promise<void>;
}

/**
 * The composition root: database → auth, rate limits, message cache, answerer (retrieval and the
 * LLM or extractive answer), conversation turns → HTTP app → in-process worker. Routes get the parts
 * through the context; nothing else builds them. Listening is the caller's (a port, or none in tests).
 */
export async function composeApp(config: Config, overrides: AppOverrides = {}): Promise<ComposedApp> {
  const { db, close: closeDb } = await holdDatabase(config, overrides.db, overrides.keepDb);
  // The parts warn through the app's logger, which exists once the app is built.
  const built: { app?: FastifyInstance; worker?: Worker } = {};
  const warn = (obj: object, msg: string) => built.app?.log.warn(obj, msg);
  const lateLog: Pick<FastifyBaseLogger, 'warn'> = { warn: (obj: unknown, msg?: string) => built.app?.log.warn(obj, msg) };
  let auth: AuthVerifier | undefined;
  let limits: ReturnType<typeof createLimits> | undefined;
  let turns: ConversationTurns | undefined;
  try {
    auth = overrides.auth ?? createFirebaseVerifier(config);
    if (overrides.onNewUser) auth = announcingNewUsers(auth, overrides.onNewUser);
    limits = createLimits(config, warn);
    const messageCache = overrides.messageCache ?? new MessageCache();
    turns = startConversationTurns(db, messageCache, lateLog);
    const inProcess = overrides.worker !== undefined;
    const ctx: AppContext = {
      config,
      db,
      messageCache,
      auth,
      limits: limits.limits,
      answerer: createAnswerer(config, db, { warn }, overrides.retrievalParams),
      turns,
      wakeWorker: inProcess ? () => built.worker?.wake() : (overrides.wakeWorker ?? (() => {})),
      abortTaskHere: inProcess ? (taskId) => void built.worker?.abort(taskId) : overrides.abortTaskHere,
      workerRunning: () => built.worker?.running() ?? false,
      dataDir: healthDataDir(config, overrides.dataDir),
    };
    const app = (built.app = await buildApp(ctx, overrides.http));
    await overrides.beforeWorker?.(app, ctx);
    if (overrides.worker) {
      const { log = app.log, ...tuning } = overrides.worker;
      built.worker = startTaskWorker(db, config, log, tuning);
    }
    const parts = { auth, limits, turns };
    let closing: Promise<void> | undefined;
    return {
      app,
      ctx,
      worker: built.worker,
      close: () =>
        (closing ??= (async () => {
          // Stop taking connections and let the requests in flight finish, while the worker hands
          // its tasks back to the queue; then close what they both use.
          await Promise.all([built.worker?.stop(), drainHttp(app, HTTP_DRAIN_MS)]);
          parts.turns.close();
          await parts.limits.close();
          await parts.auth.close();
          if (overrides.ownsProcess) await closeProcessProviders();
          await closeDb();
        })()),
    };
  } catch (err) {
    await built.worker?.stop();
    await built.app?.close().catch(() => {});
    turns?.close();
    await limits?.close().catch(() => {});
    await auth?.close().catch(() => {});
    await closeDb();
    throw err;
  }
}

function healthDataDir(config: Config, chosen: string | false | undefined): string | undefined {
  if (chosen === false) return undefined;
  return chosen ?? (config.database.kind === 'pglite' ? config.database.dataDir : undefined);
}

/**
 * Close the HTTP server gracefully: no new connections, idle keep-alive sockets closed, requests in
 * flight answered (a request arriving on an open connection meanwhile gets 503). Past the deadline,
 * the connections still open are cut, so a stuck client cannot hold a shutdown for ever.
 */
async function drainHttp(app: FastifyInstance, ms: number): Promise<void> {
  const deadline = setTimeout(() => app.server.closeAllConnections(), ms);
  deadline.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}
