import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { RetrievalParams } from '../server/src/answer/retrieval/params.js';
import { loadConfig, type Config } from '../server/src/config.js';
import { composeApp } from '../server/src/context/composeApp.js';
import { startEmbeddingBackfill } from '../server/src/embeddings/backfill.js';
import type { Db } from '../server/src/db/db.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import type { AuthVerifier } from '../server/src/http/auth.js';

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
  // The app as the server composes it, with this run's database, sign-in and retrieval parameters.
  const composed = await composeApp(config, {
    db,
    auth,
    retrievalParams: opts.params,
    dataDir: false,
    http: { logger: true },
    ownsProcess: true,
    // Reused bots get their missing vectors before any question (the worker's own backfill is off).
    beforeWorker: async (app) => {
      const backfilled = await startEmbeddingBackfill(db, config, app.log, { autoStart: false })?.runOnce();
      if (backfilled) console.log(`embedded ${backfilled} chunks of reused bots with ${config.embeddings}`);
    },
    worker: { backfill: false },
  });
  const { app } = composed;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    base,
    token,
    ownerUid,
    db,
    config,
    async close() {
      await composed.close();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function pickEnv(names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) if (process.env[n]) out[n] = process.env[n]!;
  return out;
}
