import type { Queryable } from '../db.js';

/*
 * The conversation_turns table (migration 004): at most one holder per conversation, for a time the
 * holder keeps extending. Times are the database's clock, the one clock all processes share.
 */

/**
 * Take the conversation's turn for `ttlMs` if nobody holds it or the holder's time ran out. On
 * conflict, the update runs only when the row has expired (concurrent takers queue on the row lock
 * and then see the winner's fresh expiry), so at most one caller gets a row back.
 */
export async function takeTurnLease(q: Queryable, conversationId: string, holder: string, ttlMs: number): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO conversation_turns (conversation_id, holder, expires_at)
     VALUES ($1, $2, now() + $3 * interval '1 millisecond')
     ON CONFLICT (conversation_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE conversation_turns.expires_at < now()
     RETURNING holder`,
    [conversationId, holder, ttlMs],
  );
  return rows.length > 0;
}

/** Extend the holder's time; false when it is no longer the holder (its time ran out and was taken). */
export async function renewTurnLease(q: Queryable, conversationId: string, holder: string, ttlMs: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE conversation_turns SET expires_at = now() + $3 * interval '1 millisecond'
      WHERE conversation_id = $1 AND holder = $2 RETURNING holder`,
    [conversationId, holder, ttlMs],
  );
  return rows.length > 0;
}

/** Give the turn back (only the holder's own row). */
export async function releaseTurnLease(q: Queryable, conversationId: string, holder: string): Promise<void> {
  await q.query('DELETE FROM conversation_turns WHERE conversation_id = $1 AND holder = $2', [conversationId, holder]);
}
