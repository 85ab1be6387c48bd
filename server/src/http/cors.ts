import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Visitor-facing routes: any site may embed the widget, so any origin may call them. The OpenAPI
// document too: API tools on other origins read it, and it holds nothing private.
const PUBLIC_API = /^\/api\/v1\/(health|client-config|openapi\.json|chatbots\/[^/?]+\/(public|bootstrap|conversations)(\/|\?|$))/;
const PUBLIC_ASSETS = /^\/(widget|demo)\//;

export const isPublicPath = (url: string): boolean => PUBLIC_API.test(url) || PUBLIC_ASSETS.test(url);

/**
 * CORS by route class: public routes allow every origin (no credentials: visitors are identified by
 * visitor_id, not cookies); owner routes allow only the dashboard's origins. Preflights end here.
 * A bot's allowed domains (originPolicy.ts) are enforced by its routes with a 403 whose body stays
 * readable cross-origin, so the widget on a refused site can say why instead of failing blankly.
 */
export function installCors(app: FastifyInstance, dashboardOrigins: string[]): void {
  const allowed = new Set(dashboardOrigins);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    const isPublic = isPublicPath(request.url);
    reply.header('vary', 'Origin');
    if (isPublic) reply.header('access-control-allow-origin', '*');
    else if (allowed.has(origin)) reply.header('access-control-allow-origin', origin);
    else if (request.method === 'OPTIONS') return reply.status(403).send({ success: false, detail: 'Origin not allowed' });
    else return;
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .status(204)
        .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
        .header('access-control-allow-headers', 'authorization, content-type, accept')
        .header('access-control-max-age', '600')
        .send();
    }
  });
}
