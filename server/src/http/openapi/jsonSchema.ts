import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). Inputs are shown as a client sends
 * them (io 'input': defaults optional, coercions taking strings), responses as the server sends them
 * (io 'output'). Checks that JSON Schema cannot say (refinements such as "no NUL") are left to the
 * 422 the server answers.
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** Whether a value is a zod schema (a route's schema parts are; the `content` maps around them are not). */
export const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

export const ERROR_SCHEMA: JsonSchema = {
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

export const ERRORS: Record<string, string> = {
  '401': 'No valid bearer token (owner routes).',
  '404': 'No such resource for this caller: another owner’s chatbot and another visitor’s conversation are 404 too.',
  '422': 'Invalid input; detail names each offending field.',
  '429': 'Rate limited; Retry-After says when to try again.',
};
