import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { ValidationError, type ValidationIssue } from './errors.js';

type Where = 'body' | 'query' | 'path';

/** zod's issues as the 422 detail lists them: {loc, msg, type}, loc starting with where the input was. */
function issuesOf(error: z.ZodError, where: Where): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
}

/**
 * Fastify's type provider for zod: a route's `schema` (params, querystring, body, response) types
 * its request (the parsed output) and its reply (what the handler must return).
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

const WHERE: Record<string, Where> = { body: 'body', querystring: 'query', params: 'path' };

/**
 * Validates a route's params, query and body with their zod schemas before the handler runs, and
 * hands the handler the parsed values (defaults filled, strings coerced). A failure is a 422 whose
 * detail lists {loc, msg, type}, loc starting with body, query or path. A missing part reads as {}.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const where = WHERE[httpPart ?? ''] ?? 'body';
  return (data: unknown) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: new ValidationError(issuesOf(result.error, where)) };
  };
};

/**
 * Responses go out as plain JSON, as before routes declared response schemas: the schemas document
 * and type them (the typecheck holds each handler to its schema; tests hold real bodies to them),
 * and no request pays for checking its own response at run time.
 */
export const jsonSerializerCompiler: FastifySerializerCompiler<z.ZodType> = () => (data) => JSON.stringify(data);
