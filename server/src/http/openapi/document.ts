import type { FastifySchema } from 'fastify';
import { ERROR_SCHEMA, ERRORS, isZod, jsonSchema, type JsonSchema } from './jsonSchema.js';
import { ROUTE_DOCS, type RouteDoc } from './routeDocs.js';

/** A route as Fastify registered it (see app.ts: every route, collected by an onRoute hook). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/** The schema a route declared (openapi/routeSchemas.ts records them as the route plugins register). */
export type SchemaOf = (method: string, url: string) => FastifySchema | undefined;

const STATUS_TEXT: Record<string, string> = { '200': 'OK', '201': 'Created', '503': 'Service unavailable' };

const errorsFor = (doc: RouteDoc, schema: FastifySchema): string[] =>
  doc.access === 'owner'
    ? ['401', '404', '422', '429']
    : schema.params || schema.querystring || schema.body
      ? ['404', '422', '429']
      : ['429'];

/** Path and query parameters from an object schema's properties. */
function parameters(where: 'path' | 'query', schema: unknown): JsonSchema[] {
  if (!isZod(schema)) return [];
  const s = jsonSchema(schema, 'input');
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: p }));
}

/** One declared response: a zod schema (JSON), or a `content` map of media types to schemas. */
function response(code: string, declared: unknown): JsonSchema {
  const content: Record<string, { schema: JsonSchema }> = {};
  const byType = isZod(declared)
    ? { 'application/json': declared }
    : Object.fromEntries(
        Object.entries((declared as { content: Record<string, { schema: unknown }> }).content).map(([t, c]) => [t, c.schema]),
      );
  let description: string | undefined;
  for (const [type, schema] of Object.entries(byType)) {
    if (!isZod(schema)) continue;
    const body = jsonSchema(schema, 'output');
    // A JSON body's own description (or the only body's) says what the response is; it reads best as the
    // response's description. Another media type's stays with its schema (the answer stream's events).
    const says = typeof body.description === 'string' && (type === 'application/json' || Object.keys(byType).length === 1);
    if (says && !description) description = body.description as string;
    content[type] = { schema: body };
  }
  return { description: description ?? STATUS_TEXT[code] ?? 'OK', content };
}

function operation(route: RegisteredRoute, doc: RouteDoc | undefined, schema: FastifySchema | undefined): Operation {
  if (!doc || !schema?.response)
    return { summary: 'Undocumented route', tags: ['Undocumented'], responses: { default: { description: 'Undocumented' } } };
  const responses: Record<string, JsonSchema> = {};
  for (const [code, declared] of Object.entries(schema.response as Record<string, unknown>)) responses[code] = response(code, declared);
  for (const code of errorsFor(doc, schema))
    responses[code] = { description: ERRORS[code], content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    operationId: `${route.method.toLowerCase()}${route.url.replace(/^\/api\/v1/, '').replace(/[/:{}-]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: doc.summary,
    tags: [doc.tag],
    ...(doc.access === 'owner' ? { security: [{ bearer: [] }] } : { security: [] }),
    ...(doc.access === 'visitor'
      ? { description: 'visitor_id (from the widget, kept in the browser) is the only credential: another visitor_id sees 404.' }
      : {}),
    parameters: [...parameters('path', schema.params), ...parameters('query', schema.querystring)],
    ...(isZod(schema.body)
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(schema.body, 'input') } } } }
      : {}),
    responses,
  };
}

/** `:param` segments in OpenAPI's `{param}` form. */
export const openApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

/** One operation of the document (an undocumented route has no operationId or parameters). */
export interface Operation extends JsonSchema {
  operationId?: string;
  summary: string;
  tags: string[];
  parameters?: JsonSchema[];
  responses: Record<string, JsonSchema>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, JsonSchema>; schemas: Record<string, JsonSchema> };
}

/**
 * The OpenAPI 3.1 document of the /api/v1 routes that are registered, in registration order: each
 * operation's parameters, request body and response bodies from the zod schemas its route declared,
 * its summary and access from ROUTE_DOCS (prose only).
 */
export function buildOpenApiDocument(routes: RegisteredRoute[], schemaOf: SchemaOf, version: string): OpenApiDocument {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    if (!route.url.startsWith('/api/v1/')) continue;
    const item = (paths[openApiPath(route.url)] ??= {});
    const key = `${route.method} ${route.url}`;
    item[route.method.toLowerCase()] = operation(route, ROUTE_DOCS[key], schemaOf(route.method, route.url));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Docent API',
      version,
      description:
        'Every answer is an envelope: {success: true, data} or {success: false, detail}. Owner routes take a Firebase ID token as a bearer token; visitor routes take the visitor_id the widget keeps.',
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
      schemas: { Error: ERROR_SCHEMA },
    },
  };
}
