import type { z } from 'zod';

/**
 * Compile-time agreement between a route's body schema and the request type the clients send
 * (shared/src/contract/requests.ts): the fields one names and the other does not, and whether a
 * body the clients may send is one the schema takes. `never` when they agree.
 */
export type Drift<Schema extends z.ZodType, Request> =
  | Exclude<keyof z.input<Schema>, keyof Request>
  | Exclude<keyof Request, keyof z.input<Schema>>
  | ([Request] extends [z.input<Schema>] ? never : 'a request body the schema does not take');

/** Fails to compile unless its type argument is `never` (see Drift); does nothing when it runs. */
export function agrees<D extends never>(): D | undefined {
  return undefined;
}
