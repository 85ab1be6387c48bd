import { z } from 'zod';
import { ROUTE_DOCS, type RouteDoc } from './routeDocs.js';

/** A route as Fastify registered it (see app.ts: every route, collected by an onRoute hook). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), describing what a client sends. */
function jsonSchema(schema: z.ZodType): JsonSchema {
  // io 'input': defaults are optional and coercions take strings, as a client sees them; checks that
  // JSON Schema cannot say (refinements such as "no NUL") are left to the 422 the server answers.
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { success: { const: true }, data },
  required: ['success', 'data'],
});

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    success: { const: false },
    detail: {
      description: 'A message, or for 422 a list of {loc, msg, type} naming the offending field.',
      oneOf: [
        { type: 'string' },
        {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              loc: { type: 'array', items: { type: ['string', 'integer'] } },
              msg: { type: 'string' },
              type: { type: 'string' },
            },
          },
        },
      ],
    },
  },
  required: ['success', 'detail'],
};

const ERRORS: Record<string, string> = {
  '401': 'No valid bearer token (owner routes).',
  '404': 'No such resource for this caller: another owner’s chatbot and another visitor’s conversation are 404 too.',
  '422': 'Invalid input; detail names each offending field.',
  '429': 'Rate limited; Retry-After says when to try again.',
};

const errorsFor = (doc: RouteDoc): string[] =>
  doc.access === 'owner' ? ['401', '404', '422', '429'] : doc.params || doc.query || doc.body ? ['404', '422', '429'] : ['429'];

/** Path and query parameters from an object schema's properties. */
function parameters(where: 'path' | 'query', schema: z.ZodType | undefined): JsonSchema[] {
  if (!schema) return [];
  const s = jsonSchema(schema);
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: p }));
}

function operation(route: RegisteredRoute, doc: RouteDoc | undefined): JsonSchema {
  if (!doc) return { summary: 'Undocumented route', tags: ['Undocumented'], responses: { default: { description: 'Undocumented' } } };
  const success: JsonSchema = doc.contentType
    ? { description: 'OK', content: { [doc.contentType]: { schema: { type: 'string' } } } }
    : {
        description: doc.stream ? 'The answer (JSON), or with Accept: text/event-stream its tokens as server-sent events.' : 'OK',
        content: {
          'application/json': { schema: envelope({ type: 'object' }) },
          ...(doc.stream ? { 'text/event-stream': { schema: { type: 'string' } } } : {}),
        },
      };
  const responses: JsonSchema = { [String(doc.status ?? 200)]: success };
  for (const code of errorsFor(doc))
    responses[code] = { description: ERRORS[code], content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    operationId: `${route.method.toLowerCase()}${route.url.replace(/^\/api\/v1/, '').replace(/[/:{}-]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: doc.summary,
    tags: [doc.tag],
    ...(doc.access === 'owner' ? { security: [{ bearer: [] }] } : { security: [] }),
    ...(doc.access === 'visitor'
      ? { description: 'visitor_id (from the widget, kept in the browser) is the only credential: another visitor_id sees 404.' }
      : {}),
    parameters: [...parameters('path', doc.params), ...parameters('query', doc.query)],
    ...(doc.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(doc.body) } } } } : {}),
    responses,
  };
}

/** `:param` segments in OpenAPI's `{param}` form. */
export const openApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

/** The OpenAPI 3.1 document of the /api/v1 routes that are registered, in registration order. */
export function buildOpenApiDocument(routes: RegisteredRoute[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    if (!route.url.startsWith('/api/v1/')) continue;
    const item = (paths[openApiPath(route.url)] ??= {});
    item[route.method.toLowerCase()] = operation(route, ROUTE_DOCS[`${route.method} ${route.url}`]);
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
