import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import type { MessageCache } from '../../db/repositories/messageCache.js';
import { sweepInterruptedTurns } from './interrupted.js';
import { TURN_TTL_MS, TurnLeases } from './turnLeases.js';
import { TurnQueue } from './turnQueue.js';

/** A question is swept once it has waited this long without a live turn (well past any turn lease). */
const SWEEP_AFTER_MS = 60_000;
const SWEEP_EVERY_MS = 30_000;

/** The conversation turns of one API process (part of the app context: one per app, not per route plugin). */
export interface ConversationTurns {
  /** Run the task holding the conversation's turn: in arrival order in this process, and one at a time across processes. */
  run<T>(conversationId: string, task: () => Promise<T>): Promise<T>;
  /** Stop the sweep of interrupted turns (the app's shutdown). */
  close(): void;
}

/**
 * One turn at a time per conversation (TurnQueue in this process, TurnLeases across processes), and
 * the periodic sweep that closes questions whose answering process died and that nobody asks after
 * (see interrupted.ts). `log` may be bound late: the app's logger exists only once the app is built.
 */
export function startConversationTurns(db: Db, messageCache: MessageCache, log: Pick<FastifyBaseLogger, 'warn'>): ConversationTurns {
  const queue = new TurnQueue();
  const leases = new TurnLeases(db, log);
  const sweep = setInterval(() => {
    sweepInterruptedTurns(db, messageCache, SWEEP_AFTER_MS, TURN_TTL_MS).then(
      (n) => n > 0 && log.warn({ count: n }, 'closed questions left unanswered by a stopped process'),
      (err: unknown) => log.warn({ err }, 'sweeping interrupted turns failed'),
    );
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    run: (conversationId, task) => queue.run(conversationId, () => leases.hold(conversationId, task)),
    close: () => clearInterval(sweep),
  };
}
