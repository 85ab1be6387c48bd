import type { Answerer } from '../answer/answerer.js';
import type { ConversationTurns } from '../answer/turns/conversationTurnOrder.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { MessageCache } from '../db/repositories/messageCache.js';
import type { AuthVerifier } from './auth.js';
import type { RateLimits } from './rateLimit.js';

/**
 * Everything a route plugin may use: the one door to each side effect. Built once per app by
 * `composeApp` (server/src/context/composeApp.ts), for the server, the tests and the evaluation alike.
 */
export interface AppContext {
  config: Config;
  db: Db;
  /** This app's cache of recently read conversations (made with the app: never shared with another). */
  messageCache: MessageCache;
  auth: AuthVerifier;
  limits: RateLimits;
  /** The answering pipeline (retrieval → extractive or LLM answer), built at the composition root. */
  answerer: Answerer;
  /** One turn at a time per conversation (queue and leases), and the sweep of interrupted turns. */
  turns: ConversationTurns;
  /** Nudge the in-process worker (if any) to claim new tasks now instead of at its next poll. */
  wakeWorker(): void;
  /** Abort a task the in-process worker runs, at once (a worker elsewhere notices at its next lease renewal). */
  abortTaskHere?(taskId: string): void;
  /** The embedded database's data directory, whose writability /health checks (unset on PostgreSQL). */
  dataDir?: string;
  /** Whether a worker runs in this process (reported by /health). */
  workerRunning(): boolean;
}
