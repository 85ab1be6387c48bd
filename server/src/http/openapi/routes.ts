import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { withSchemas } from '../routes/typed.js';
import { buildOpenApiDocument, type OpenApiDocument, type RegisteredRoute } from './document.js';
import { renderReferencePage } from './referencePage.js';
import { routeSchema } from './routeSchemas.js';

const PACKAGE_JSON = fileURLToPath(new URL('../../../../package.json', import.meta.url));
const version = (): string => {
  try {
    return (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
};

const jsonSchemas = z.record(z.string(), z.record(z.string(), z.unknown())).describe('JSON Schemas by name.');
const operationSchema = z.looseObject({
  operationId: z.string().optional(),
  summary: z.string(),
  tags: z.array(z.string()),
  parameters: z.array(z.record(z.string(), z.unknown())).optional().describe('Path and query parameters, each with its JSON Schema.'),
  responses: z.record(z.string(), z.record(z.string(), z.unknown())).describe('By status: a description and each body by media type.'),
});
/** This document's own outline (it is not in the envelope): OpenAPI 3.1. */
const documentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)).describe('Each path’s operations, by method.'),
  components: z.object({ securitySchemes: jsonSchemas, schemas: jsonSchemas }),
});
const pageSchema = { content: { 'text/html': { schema: z.string().describe('The reference page (HTML, no script).') } } };

/**
 * GET /openapi.json and GET /reference. `routes` is filled by app.ts's onRoute hook while the app
 * registers its routes, so the document is built on first request (every route known by then) and kept.
 */
export function openApiRoutes(routes: RegisteredRoute[]): FastifyPluginAsync {
  return async (plugin) => {
    const app = withSchemas(plugin);
    let doc: OpenApiDocument | undefined;
    let page: string | undefined;
    const documentOf = () => (doc ??= buildOpenApiDocument(routes, (method, url) => routeSchema(app, method, url), version()));

    app.get('/openapi.json', { schema: { response: { 200: documentSchema } } }, async () => documentOf());

    app.get('/reference', { schema: { response: { 200: pageSchema } } }, async (_request, reply) => {
      page ??= renderReferencePage(documentOf());
      return reply.type('text/html; charset=utf-8').send(page);
    });
  };
}
