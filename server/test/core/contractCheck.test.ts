import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agrees, type Drift } from '../../src/http/routes/contractCheck.js';

/**
 * The request contract (shared/src/contract/requests.ts) is held to the routes' schemas by the
 * typecheck (`npm run typecheck` compiles this file too): each @ts-expect-error below must be an
 * error, or the typecheck fails, so a checker that let drift through would not pass CI.
 */
describe('request contract check', () => {
  const schema = z.object({ url: z.string(), max_pages: z.coerce.number().optional() }).strict();

  it('agrees when the schema and the request type name the same fields and take the same bodies', () => {
    agrees<Drift<typeof schema, { url: string; max_pages?: number }>>();
    // and such a body is what the schema takes when it runs
    expect(schema.parse({ url: 'https://example.com', max_pages: 3 })).toEqual({ url: 'https://example.com', max_pages: 3 });
  });

  it('fails to compile on a field only one side names, or a body the schema would refuse', () => {
    // @ts-expect-error the clients send a field the schema does not know
    agrees<Drift<typeof schema, { url: string; max_pages?: number; name?: string }>>();
    // @ts-expect-error the schema takes a field the clients do not know
    agrees<Drift<typeof schema, { url: string }>>();
    // @ts-expect-error the clients may send a body the schema refuses
    agrees<Drift<typeof schema, { url: string | null; max_pages?: number }>>();
  });
});
