import type { FastifyPluginAsync } from 'fastify';
import type { ClientConfig } from '../../../../../shared/src/api/types.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../reply.js';
import { canWrite } from './diskProbe.js';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/health', async (_request, reply) => {
      const [db, disk] = await Promise.all([
        ctx.db.query('SELECT 1 AS ok').then(
          () => 'ok' as const,
          () => 'down' as const,
        ),
        // Embedded mode: a database that answers reads can still be unable to write anything.
        ctx.dataDir === undefined ? undefined : canWrite(ctx.dataDir).then((w) => (w ? ('ok' as const) : ('unwritable' as const))),
      ]);
      const healthy = db === 'ok' && disk !== 'unwritable';
      const body = ok({
        status: healthy ? 'ok' : 'degraded',
        db,
        ...(disk && { disk }),
        engine: ctx.db.engine,
        worker: ctx.workerRunning() ? 'running' : 'off',
      });
      return reply.status(healthy ? 200 : 503).send(body);
    });

    // Runtime configuration for the front ends, so one build serves both auth modes. No secrets here.
    app.get('/client-config', async () => {
      const { config } = ctx;
      const data: ClientConfig = {
        authMode: config.authMode,
        firebase: {
          apiKey: config.FIREBASE_API_KEY ?? 'demo-api-key',
          authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
          projectId: config.FIREBASE_PROJECT_ID,
          ...(config.FIREBASE_APP_ID ? { appId: config.FIREBASE_APP_ID } : {}),
        },
        ...(config.authMode === 'emulator' ? { authEmulatorUrl: `http://${config.FIREBASE_AUTH_EMULATOR_HOST}` } : {}),
        publicUrl: config.publicUrl,
        crawlLimits: { maxPages: config.CRAWL_MAX_PAGES, maxDepth: config.CRAWL_MAX_DEPTH },
      };
      return ok(data);
    });
  };
}
