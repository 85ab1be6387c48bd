import type { FastifyInstance } from 'fastify';
import { emulatorExposureError, loadConfig, type Config } from './config.js';
import { composeApp, HTTP_DRAIN_MS } from './context/composeApp.js';
import { logExtractPoolTo } from './crawl/extractPool.js';
import type { Db } from './db/db.js';
import { announceEmbeddings } from './embeddings/announce.js';
import type { AppContext } from './http/context.js';
import type { Worker } from './jobs/worker.js';

export { HTTP_DRAIN_MS };

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

export interface StartOptions {
  /** Awaited before the first request of each uid (per run) goes on: `npm start` saves emulator users here. */
  onNewUser?: (uid: string) => Promise<void>;
  /**
   * The database, already opened and migrated with `openDatabase(config)` (`npm start` opens it while
   * the auth emulator starts). The server owns it from here: it closes it on close or failure.
   */
  db?: Db;
}

/** The server process: refuse an exposed emulator → compose the app (context/composeApp.ts) → listen. */
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
  const composed = await composeApp(config, {
    db: options.db,
    onNewUser: options.onNewUser,
    worker: wantsWorker(config, role) ? {} : undefined,
    http: { serveStatic: true },
    ownsProcess: true,
    beforeWorker: async (app, ctx) => {
      logExtractPoolTo(app.log); // a worker that cannot start is logged with everything else
      await announceEmbeddings(config, ctx.db, app.log);
    },
  });
  try {
    await composed.app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await composed.close();
    throw err;
  }
  return { app: composed.app, ctx: composed.ctx, worker: composed.worker, url: config.publicUrl, close: composed.close };
}
