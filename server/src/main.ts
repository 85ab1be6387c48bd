import type { FastifyInstance } from 'fastify';
import { createAnswerer } from './answer/service.js';
import { startConversationTurns, type ConversationTurns } from './answer/turns/conversationTurnOrder.js';
import { emulatorExposureError, loadConfig, type Config } from './config.js';
import type { Db } from './db/db.js';
import { MessageCache } from './db/repositories/messageCache.js';
import { openDatabase } from './db/open.js';
import { buildApp } from './http/app.js';
import { announcingNewUsers, createFirebaseVerifier, type AuthVerifier } from './http/auth.js';
import type { AppContext } from './http/context.js';
import { createLimits } from './http/limits.js';
import { registerHandlers } from './jobs/handlers/index.js';
import { HandlerRegistry } from './jobs/registry.js';
import { startWorker, type Worker } from './jobs/worker.js';
import { announceEmbeddings } from './embeddings/announce.js';
import { closeSharedBrowserPools } from './crawl/render/browserPool.js';
import { closeEmbeddingProvider } from './embeddings/shared.js';
import { logExtractPoolTo } from './crawl/extractPool.js';

export interface Running {
  app: FastifyInstance;
  ctx: AppContext;
  worker?: Worker;
  url: string;
  close(): Promise<void>;
}

/** Whether this process runs the task worker: PGlite can only be used by one process, so it must. */
export function wantsWorker(config: Config, role: 'serve' | 'all'): boolean {
  if (config.database.kind === 'pglite') return true;
  if (config.WORKER !== 'auto') return config.WORKER === 'on';
  return role === 'all';
}

/** How long a shutdown waits for requests in flight (a streamed answer, a URL collection) to finish. */
export const HTTP_DRAIN_MS = 15_000;

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

export interface StartOptions {
  /** Awaited before the first request of each uid (per run) goes on: `npm start` saves emulator users here. */
  onNewUser?: (uid: string) => Promise<void>;
  /**
   * The database, already opened and migrated with `openDatabase(config)` (`npm start` opens it while
   * the auth emulator starts). The server owns it from here: it closes it on close or failure.
   */
  db?: Db;
}

/** Composition root: config → db → migrations → auth → app → worker → listen. */
export async function startServer(
  config: Config = loadConfig(),
  role: 'serve' | 'all' = 'all',
  options: StartOptions = {},
): Promise<Running> {
  // Checked here too (not only in npm start) so `npm run serve` and embedders cannot expose emulator auth.
  const exposure = config.authMode === 'emulator' ? emulatorExposureError(config.HOST, config.ALLOW_EMULATOR_ON_NETWORK) : undefined;
  if (exposure) {
    await options.db?.close();
    throw new Error(exposure);
  }
  const db: Db = options.db ?? (await openDatabase(config));
  let auth: AuthVerifier | undefined;
  let worker: Worker | undefined;
  let turns: ConversationTurns | undefined;
  try {
    auth = createFirebaseVerifier(config);
    if (options.onNewUser) auth = announcingNewUsers(auth, options.onNewUser);
    // The answerer warns through the app's logger, which exists once the app is built.
    const built: { app?: FastifyInstance } = {};
    const limits = createLimits(config, (obj, msg) => built.app?.log.warn(obj, msg));
    const messageCache = new MessageCache();
    turns = startConversationTurns(db, messageCache, { warn: (obj: unknown, msg?: string) => built.app?.log.warn(obj, msg) });
    const ctx: AppContext = {
      config,
      db,
      messageCache,
      turns,
      auth,
      limits: limits.limits,
      answerer: createAnswerer(config, db, { warn: (obj, msg) => built.app?.log.warn(obj, msg) }),
      wakeWorker: () => worker?.wake(),
      abortTaskHere: (taskId) => void worker?.abort(taskId),
      workerRunning: () => worker?.running() ?? false,
      dataDir: config.database.kind === 'pglite' ? config.database.dataDir : undefined,
    };
    const app = (built.app = await buildApp(ctx, { serveStatic: true }));
    logExtractPoolTo(app.log); // a worker that cannot start is logged with everything else
    await announceEmbeddings(config, db, app.log);
    if (wantsWorker(config, role)) {
      worker = startWorker({ db, config, registry: registerHandlers(new HandlerRegistry()), log: app.log });
    }
    await app.listen({ port: config.PORT, host: config.HOST });
    let closing: Promise<void> | undefined;
    return {
      app,
      ctx,
      worker,
      url: config.publicUrl,
      close: () =>
        (closing ??= (async () => {
          // Stop taking connections and let the requests in flight finish, while the worker hands
          // its tasks back to the queue; then close what they both use.
          await Promise.all([worker?.stop(), drainHttp(app, HTTP_DRAIN_MS)]);
          turns?.close();
          await limits.close();
          await auth?.close();
          await closeEmbeddingProvider();
          await closeSharedBrowserPools();
          await db.close();
        })()),
    };
  } catch (err) {
    await worker?.stop();
    turns?.close();
    await auth?.close().catch(() => {});
    await db.close();
    throw err;
  }
}
