import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { RetrievalParams } from '../server/src/answer/retrieval/params.js';
import { createAnswerer } from '../server/src/answer/service.js';
import { startConversationTurns } from '../server/src/answer/turns/conversationTurnOrder.js';
import { loadConfig, type Config } from '../server/src/config.js';
import { startEmbeddingBackfill } from '../server/src/embeddings/backfill.js';
import { closeEmbeddingProvider } from '../server/src/embeddings/shared.js';
import type { Db } from '../server/src/db/db.js';
import { MessageCache } from '../server/src/db/repositories/messageCache.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { buildApp } from '../server/src/http/app.js';
import type { AuthVerifier } from '../server/src/http/auth.js';
import type { AppContext } from '../server/src/http/context.js';
import { createRateLimits } from '../server/src/http/rateLimit.js';
import { registerHandlers } from '../server/src/jobs/handlers/index.js';
import { HandlerRegistry } from '../server/src/jobs/registry.js';
import { startWorker, type Worker } from '../server/src/jobs/worker.js';

export interface Stack {
  base: string;
  /** Bearer token the in-process server accepts for the eval's owner. */
  token: string;
  ownerUid: string;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app, worker and database in this process, on a random 127.0.0.1 port, with a fresh
 * PGlite in a temp dir. Only the owner sign-in is replaced: one random token for this run, so the
 * eval needs no Firebase emulator. Everything a visitor does goes through the public HTTP API.
 * With `dataDir` the database lives there and is kept after close (a crawled bot can be reused).
 */
export async function startStack(opts: {
  allowHosts: string[];
  env?: Record<string, string>;
  dataDir?: string;
  /** Retrieval parameters other than the defaults (`--params`). */
  params?: Partial<RetrievalParams>;
}): Promise<Stack> {
  // --data-dir keeps the database between runs (build the index once, evaluate many times).
  const keep = opts.dataDir !== undefined;
  const dir = opts.dataDir ? path.resolve(opts.dataDir) : mkdtempSync(path.join(tmpdir(), 'docent-eval-'));
  mkdirSync(dir, { recursive: true });
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    CRAWL_ALLOW_HOSTS: opts.allowHosts.join(','),
    RATE_LIMIT_IP_PER_MINUTE: '100000',
    RATE_LIMIT_VISITOR_MESSAGES_PER_MINUTE: '1000',
    TASK_POLL_MS: '200',
    ...pickEnv([
      'LLM_BASE_URL',
      'LLM_API_KEY',
      'LLM_MODEL',
      'LLM_TIMEOUT_MS',
      'EMBEDDINGS',
      'EMBEDDING_BASE_URL',
      'EMBEDDING_API_KEY',
      'EMBEDDING_MODEL',
      'SEMANTIC_LEGS',
      'WORD_VECTORS_PATH',
      'CRAWL_MAX_PAGES',
      'CRAWL_CONCURRENCY',
    ]),
    ...opts.env,
  });
  const db = await openPglite(path.join(dir, 'pglite'));
  await migrate(db);
  const token = randomBytes(24).toString('hex');
  const ownerUid = 'eval-owner';
  const auth: AuthVerifier = {
    verify: async (t) => (t === token ? { uid: ownerUid, email: 'eval@example.com' } : null),
    close: async () => {},
  };
  const running: { worker?: Worker; app?: FastifyInstance } = {};
  const messageCache = new MessageCache();
  const turns = startConversationTurns(db, messageCache, { warn: (obj: unknown, msg?: string) => running.app?.log.warn(obj, msg) });
  const ctx: AppContext = {
    config,
    db,
    messageCache,
    turns,
    auth,
    limits: createRateLimits({
      ipPerMinute: config.RATE_LIMIT_IP_PER_MINUTE,
      visitorMessagesPerMinute: config.RATE_LIMIT_VISITOR_MESSAGES_PER_MINUTE,
    }),
    answerer: createAnswerer(config, db, undefined, opts.params),
    wakeWorker: () => running.worker?.wake(),
    workerRunning: () => running.worker?.running() ?? false,
  };
  const app = (running.app = await buildApp(ctx, { logger: true }));
  // Reused bots get their missing vectors before any question (the worker's own backfill is off).
  const backfilled = await startEmbeddingBackfill(db, config, app.log, { autoStart: false })?.runOnce();
  if (backfilled) console.log(`embedded ${backfilled} chunks of reused bots with ${config.embeddings}`);
  running.worker = startWorker({ db, config, registry: registerHandlers(new HandlerRegistry()), log: app.log, backfill: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    base,
    token,
    ownerUid,
    db,
    config,
    async close() {
      await running.worker?.stop();
      await app.close();
      turns.close();
      await closeEmbeddingProvider();
      await db.close();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function pickEnv(names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) if (process.env[n]) out[n] = process.env[n]!;
  return out;
}
