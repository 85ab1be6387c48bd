import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { releaseTurnLease, renewTurnLease, takeTurnLease } from '../../db/repositories/conversationTurns.js';
import type { Queryable } from '../../db/db.js';

export interface TurnLeaseOptions {
  /** How long a turn is held without renewal: how long others wait after its process died. */
  ttlMs?: number;
  /** How often a running turn extends its hold (well inside ttlMs). */
  renewMs?: number;
  /** First wait between attempts to take a busy turn; doubles up to maxPollMs. */
  pollMs?: number;
  maxPollMs?: number;
}

/** Default time a turn is held without renewal. */
export const TURN_TTL_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A conversation's turn held in the database (conversation_turns), so turns never interleave even
 * when sends to one conversation reach different API processes on PostgreSQL. TurnQueue orders the
 * turns of one process without polling; this orders them across processes. A turn can last as long
 * as the LLM's timeout, so it is held for a short time that the holder keeps renewing, not for a
 * worst case: if the holder's process dies, the next turn starts within ttlMs.
 */
export class TurnLeases {
  private readonly ttlMs: number;
  private readonly renewMs: number;
  private readonly pollMs: number;
  private readonly maxPollMs: number;

  constructor(
    private readonly db: Queryable,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
    opts: TurnLeaseOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? TURN_TTL_MS;
    this.renewMs = opts.renewMs ?? Math.floor(this.ttlMs / 3);
    this.pollMs = opts.pollMs ?? 25;
    this.maxPollMs = opts.maxPollMs ?? 250;
  }

  /** Wait for the conversation's turn, run the task holding it, then give it back. */
  async hold<T>(conversationId: string, task: () => Promise<T>): Promise<T> {
    const holder = randomUUID();
    let delay = this.pollMs;
    while (!(await takeTurnLease(this.db, conversationId, holder, this.ttlMs))) {
      // Jitter, so waiters in several processes do not ask in lockstep.
      await sleep(delay * (0.5 + Math.random()));
      delay = Math.min(delay * 2, this.maxPollMs);
    }
    const renew = setInterval(() => {
      renewTurnLease(this.db, conversationId, holder, this.ttlMs).then(
        (held) => {
          if (!held) this.log?.warn({ conversationId }, 'the conversation turn expired while answering');
        },
        (err: unknown) => this.log?.warn({ err, conversationId }, 'renewing the conversation turn failed'),
      );
    }, this.renewMs);
    renew.unref();
    try {
      return await task();
    } finally {
      clearInterval(renew);
      // If this fails the hold simply expires: the next turn waits at most ttlMs.
      await releaseTurnLease(this.db, conversationId, holder).catch((err: unknown) =>
        this.log?.warn({ err, conversationId }, 'releasing the conversation turn failed'),
      );
    }
  }
}
