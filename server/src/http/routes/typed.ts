import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth.js';
import type { AppContext } from '../context.js';
import { recordRouteSchemas } from '../openapi/routeSchemas.js';
import { requireUser } from '../owner.js';
import { jsonSerializerCompiler, zodValidatorCompiler, type ZodTypeProvider } from '../validate.js';

/**
 * A route plugin's app with zod schemas on its routes: Fastify validates params, query and body with
 * them before the handler (a 422 listing {loc, msg, type}, validate.ts), the handler's request and
 * reply are typed by them (the type provider), and the OpenAPI document is built from them.
 */
export function withSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  recordRouteSchemas(app);
  return app.withTypeProvider<ZodTypeProvider>();
}

const owners = new WeakMap<FastifyRequest, AuthUser>();

/**
 * The owner routes' preValidation hook: the bearer token is checked before the input is, so a
 * caller without a valid one hears 401 whatever it sent (as when each handler checked the token
 * first and its input after).
 */
export const signedInFirst =
  (ctx: AppContext) =>
  async (request: FastifyRequest): Promise<void> => {
    owners.set(request, await requireUser(ctx, request));
  };

/** The owner signedInFirst let through. */
export function signedIn(request: FastifyRequest): AuthUser {
  const user = owners.get(request);
  if (!user) throw new Error('an owner route without the signedInFirst hook');
  return user;
}
