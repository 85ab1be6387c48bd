import type { FastifyInstance, FastifySchema } from 'fastify';

/**
 * Each app's route schemas by `METHOD /url`, as its route plugins register them: what the OpenAPI
 * document is built from. Keyed by the app's HTTP server, the one object every plugin context of an
 * app shares (an app built for a test has its own), so nothing leaks from one app to another.
 */
const byApp = new WeakMap<object, Map<string, FastifySchema>>();

const schemasOf = (app: FastifyInstance): Map<string, FastifySchema> => {
  let schemas = byApp.get(app.server);
  if (!schemas) byApp.set(app.server, (schemas = new Map()));
  return schemas;
};

/** Records the schema of every route registered from now on in this plugin context (and its children). */
export function recordRouteSchemas(app: FastifyInstance): void {
  const schemas = schemasOf(app);
  app.addHook('onRoute', (route) => {
    if (!route.schema) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') schemas.set(`${method} ${route.url}`, route.schema);
  });
}

/** The schema a route was registered with, if it declared one. */
export const routeSchema = (app: FastifyInstance, method: string, url: string): FastifySchema | undefined =>
  schemasOf(app).get(`${method} ${url}`);
