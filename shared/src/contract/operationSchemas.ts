import { z } from 'zod';

/** What the operations routes answer (health, the front ends' configuration): the one source, as in chatbotSchemas.ts. */

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    db: z.enum(['ok', 'down']),
    disk: z.enum(['ok', 'unwritable']).optional().describe('Embedded mode: whether the data dir takes writes.'),
    engine: z.enum(['pglite', 'postgres']).describe('The database engine.'),
    worker: z.enum(['running', 'off']).describe('Whether a worker runs in this process.'),
  })
  .describe('The same body comes with 503 when degraded.');

export const clientConfigSchema = z
  .object({
    authMode: z.enum(['emulator', 'firebase']),
    firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), appId: z.string().optional() }),
    authEmulatorUrl: z.string().optional().describe("Set in emulator mode: the auth emulator's URL, e.g. http://127.0.0.1:9099."),
    publicUrl: z.string(),
    crawlLimits: z
      .object({ maxPages: z.number().int(), maxDepth: z.number().int() })
      .optional()
      .describe("The server's crawl caps (CRAWL_MAX_PAGES, CRAWL_MAX_DEPTH): how far 'Crawl more' may go."),
  })
  .describe('Runtime configuration for the front ends (no secrets).');

export type Health = z.infer<typeof healthSchema>;
export type ClientConfig = z.infer<typeof clientConfigSchema>;
