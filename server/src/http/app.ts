import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TrustProxy } from '../config.js';
import type { AppContext } from './context.js';
import { installCors, isPublicPath } from './cors.js';
import { frameworkErrorReply, installErrorHandling } from './errorHandler.js';
import type { RegisteredRoute } from './openapi/document.js';
import { openApiRoutes } from './openapi/routes.js';
import { routePlugins } from './routes/index.js';
import { installSecurityHeaders } from './security.js';
import { installStaticAssets } from './staticAssets.js';

export interface BuildAppOptions {
  /** Serve dashboard/widget/demo builds when present (off in most tests). */
  serveStatic?: boolean;
  /** Repository root holding dashboard/dist, widget/dist and demo/ (tests point it elsewhere). */
  staticRoot?: string;
  logger?: boolean;
  /** Where log lines go (default stdout); tests read them back. */
  logStream?: NodeJS.WritableStream;
}

/** Boot order shows the architecture: security → errors → API routes → static front ends. */
export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: ctx.config.LOG_LEVEL,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            // Bearer tokens and visitor ids are credentials: never log them.
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: {
              req: (req: { method: string; url: string }) => ({
                method: req.method,
                url: req.url.replace(/visitor_id=[^&]*/g, 'visitor_id=[redacted]'),
              }),
            },
          },
    // Fastify's own two info lines per request flooded the default log (about 2,200 lines in a few
    // minutes of dashboard use); the onResponse hook below writes one, at debug unless it failed.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: ctx.config.BODY_LIMIT_BYTES,
    // Node's defaults close a connection still sending its headers after 60 s, checked every 30 s, and
    // Fastify turns the whole-request limit off: thousands of sockets dripping headers would be held.
    requestTimeout: ctx.config.HTTP_REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(ctx.config.HTTP_HEADERS_TIMEOUT_MS, ctx.config.HTTP_REQUEST_TIMEOUT_MS),
      requestTimeout: ctx.config.HTTP_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: 1_000,
    },
    // request.ip keys the per-IP rate limit: only believe X-Forwarded-For from configured proxies.
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorReply,
  });

  app.addHook('onResponse', async (request, reply) => {
    const line = { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (reply.statusCode >= 500) request.log.warn(line, 'request failed');
    else request.log.debug(line, 'request completed');
  });

  await installSecurityHeaders(app, ctx.config);
  installCors(app, ctx.config.dashboardOrigins);
  installErrorHandling(app);

  // Per-IP limit on everything a visitor (or a bot pretending to be one) can reach.
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/v1/') && isPublicPath(request.url) && request.method !== 'OPTIONS') {
      await ctx.limits.publicRequest(request.ip);
    }
  });

  // Every route as registered, for the OpenAPI document (HEAD is Fastify's automatic twin of GET).
  const registered: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push({ method, url: route.url });
  });

  await app.register(
    async (api) => {
      for (const plugin of routePlugins) await api.register(plugin(ctx));
      await api.register(openApiRoutes(registered));
    },
    { prefix: '/api/v1' },
  );

  if (opts.serveStatic) await installStaticAssets(app, opts.staticRoot);
  return app;
}

/**
 * A hop count N trusts the N nearest hops, the peer included (as Express does). Fastify 5.12 now
 * treats a bare number as "trust nothing", because a client that can connect directly could then
 * forge the header; so this is only for deployments where every connection comes through the proxies
 * (the README says so, and recommends proxy addresses instead).
 */
function trustProxyOption(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
