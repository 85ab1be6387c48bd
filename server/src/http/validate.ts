import type { z } from 'zod';
import { ValidationError, type ValidationIssue } from './errors.js';

type Where = 'body' | 'query' | 'path';

/** Parse input with a zod schema; failures become a 422 whose detail lists {loc, msg, type}. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, where: Where): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
    loc: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
  throw new ValidationError(issues);
}
