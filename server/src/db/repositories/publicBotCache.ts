import type { Db } from '../db.js';
import { one, prepared } from '../db.js';

/** What visitors' routes need of a bot: its public info and who may embed it. */
export interface PublicBot {
  id: string;
  name: string;
  description: string;
  greeting: string;
  starter_questions: string[];
  allowed_origins: string[];
  /** The bot's language (migration 028), null when not known: the widget's and /chat's texts follow it. */
  language: string | null;
}

const MAX_BOTS = 5000;
/** A backstop only: every change is forgotten at once (this process) or on its notice (others). */
const TTL_MS = 30_000;
const CHANNEL = 'docent_chatbot_changed';
/** After a lost notice connection, how long before listening (and so caching) again. */
const RELISTEN_MS = 1000;

const SQL = prepared(`SELECT id, name, description, greeting, starter_questions, allowed_origins, language FROM chatbots WHERE id = $1`);

interface Entry {
  bot: PublicBot | undefined;
  at: number;
}

/**
 * Bots' public info, per database handle (each app's, as each process has one). Every visitor
 * route reads it (bot info, embedding origins), and a read costs a database round trip, most of such a
 * route's time, while bots change rarely. Unknown bots are remembered too (as undefined), so a flood
 * of requests for a deleted bot does not reach the database either.
 *
 * Freshness: a write in this process forgets the bot at once (forgetPublicBot, called by every
 * writer of the chatbots table). On PostgreSQL other processes write too: a trigger (migration 025)
 * announces every change and deletion, and this cache listens; it caches nothing while it is not
 * listening (before LISTEN is confirmed, and for a moment after its connection is lost, when it
 * also forgets everything, since notices may have been missed).
 */
class PublicBotCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every forget, so a read that began before a change never stores what it read. */
  private generation = 0;
  private listening: 'no' | 'starting' | 'yes' = 'no';
  private retryAt = 0;

  constructor(private readonly db: Db) {}

  async get(id: string): Promise<PublicBot | undefined> {
    const hit = this.entries.get(id);
    if (hit && Date.now() - hit.at < TTL_MS && this.usable()) {
      // Most recently used last: the oldest-used bot goes first when the cache is full.
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.bot;
    }
    // Stored only if the cache was trusted before the read began (on PostgreSQL: already listening,
    // so a change committed after the read is heard) and nothing was forgotten meanwhile.
    const trusted = this.usable();
    const generation = this.generation;
    const row = await one<PublicBot>(this.db, SQL, [id]);
    const bot = row && {
      ...row,
      greeting: row.greeting ?? '',
      starter_questions: row.starter_questions ?? [],
      allowed_origins: row.allowed_origins ?? [],
    };
    if (trusted && generation === this.generation && this.usable()) {
      if (this.entries.size >= MAX_BOTS) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(id, { bot, at: Date.now() });
    }
    return bot;
  }

  forget(id: string): void {
    this.generation++;
    this.entries.delete(id);
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }

  /** PGlite: always (only this process writes). PostgreSQL: while its notices are heard. */
  private usable(): boolean {
    if (this.db.engine === 'pglite' || !this.db.listen) return this.db.engine === 'pglite';
    if (this.listening === 'no' && Date.now() >= this.retryAt) this.startListening();
    return this.listening === 'yes';
  }

  private startListening(): void {
    this.listening = 'starting';
    const lost = () => {
      this.listening = 'no';
      this.retryAt = Date.now() + RELISTEN_MS;
      this.forgetAll();
    };
    this.db.listen!(CHANNEL, (id) => this.forget(id), lost).then(() => {
      if (this.listening === 'starting') this.listening = 'yes';
    }, lost);
  }
}

const caches = new WeakMap<Db, PublicBotCache>();
const all = new Set<WeakRef<PublicBotCache>>();

function cacheOf(db: Db): PublicBotCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PublicBotCache(db);
    caches.set(db, cache);
    all.add(new WeakRef(cache));
  }
  return cache;
}

/** A bot's public info, or undefined when there is no such bot; from memory when current. */
export const getPublicBot = (db: Db, id: string): Promise<PublicBot | undefined> => cacheOf(db).get(id);

/**
 * Forget a bot in every cache of this process: call after any write to its row (once committed).
 * Every cache, not only the writer's handle's: a worker may write through a handle of its own.
 */
export function forgetPublicBot(id: string): void {
  for (const ref of all) {
    const cache = ref.deref();
    if (cache) cache.forget(id);
    else all.delete(ref);
  }
}
