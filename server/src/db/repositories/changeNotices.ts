import type { Db } from '../db.js';

/** After a lost notice connection, how long before listening (and so trusting a cache) again. */
const RELISTEN_MS = 1000;

/**
 * Whether a process-local cache over `db` may be trusted, and the notices that keep it so. On PGlite
 * only this process writes (the data dir is locked), so always. On PostgreSQL other processes write
 * too: only while this process hears `channel` (LISTEN confirmed); a lost connection makes the cache
 * forget everything (notices may have been missed) and distrusted for a moment, then it listens again.
 * Listening starts on the first question, so a cache nobody reads opens no connection.
 */
export class ChangeNotices {
  private listening: 'no' | 'starting' | 'yes' = 'no';
  private retryAt = 0;

  constructor(
    private readonly db: Db,
    private readonly channel: string,
    private readonly onNotice: (payload: string) => void,
    private readonly onLost: () => void,
  ) {}

  trusted(): boolean {
    if (this.db.engine === 'pglite' || !this.db.listen) return this.db.engine === 'pglite';
    if (this.listening === 'no' && Date.now() >= this.retryAt) this.start();
    return this.listening === 'yes';
  }

  private start(): void {
    this.listening = 'starting';
    const lost = () => {
      this.listening = 'no';
      this.retryAt = Date.now() + RELISTEN_MS;
      this.onLost();
    };
    this.db.listen!(this.channel, this.onNotice, lost).then(() => {
      if (this.listening === 'starting') this.listening = 'yes';
    }, lost);
  }
}
