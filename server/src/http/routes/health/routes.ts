import type { FastifyPluginAsync } from 'fastify';
import { clientConfigSchema, healthSchema, type ClientConfig } from '../../../../../shared/src/contract/operationSchemas.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../reply.js';
import { okBody } from '../schemas.js';
import { withSchemas } from '../typed.js';
import { canWrite } from './diskProbe.js';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = withSchemas(plugin);
    const health = okBody(healthSchema);
    app.get(
      '/health',
      { schema: { response: { 200: health, 503: health.describe('Degraded: the same body.') } } },
      async (_request, reply) => {
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
          status: healthy ? ('ok' as const) : ('degraded' as const),
          db,
          ...(disk && { disk }),
          engine: ctx.db.engine,
          worker: ctx.workerRunning() ? ('running' as const) : ('off' as const),
        });
        return reply.status(healthy ? 200 : 503).send(body);
      },
    );

    // Runtime configuration for the front ends, so one build serves both auth modes. No secrets here.
    app.get('/client-config', { schema: { response: { 200: okBody(clientConfigSchema) } } }, async () => {
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
