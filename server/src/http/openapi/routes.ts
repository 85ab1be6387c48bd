import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { buildOpenApiDocument, type RegisteredRoute } from './document.js';
import { renderReferencePage } from './referencePage.js';

const PACKAGE_JSON = fileURLToPath(new URL('../../../../package.json', import.meta.url));
const version = (): string => {
  try {
    return (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
};

/**
 * GET /openapi.json and GET /reference. `routes` is filled by app.ts's onRoute hook while the app
 * registers its routes, so the document is built on first request (every route known by then) and kept.
 */
export function openApiRoutes(routes: RegisteredRoute[]): FastifyPluginAsync {
  return async (app) => {
    let doc: ReturnType<typeof buildOpenApiDocument> | undefined;
    let page: string | undefined;
    const documentOf = () => (doc ??= buildOpenApiDocument(routes, version()));

    app.get('/openapi.json', async () => documentOf());

    app.get('/reference', async (_request, reply) => {
      page ??= renderReferencePage(documentOf());
      return reply.type('text/html; charset=utf-8').send(page);
    });
  };
}
