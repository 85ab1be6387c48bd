import type { Db } from '../db.js';
import { one, prepared } from '../db.js';
import { CachesPerDb } from './cachesPerDb.js';
import { ChangeNotices } from './changeNotices.js';

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
 * announces every change and deletion, and this cache listens (changeNotices.ts); it caches
 * nothing while it is not listening (before LISTEN is confirmed, and for a moment after its
 * connection is lost, when it also forgets everything, since notices may have been missed).
 */
class PublicBotCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every forget, so a read that began before a change never stores what it read. */
  private generation = 0;
  private readonly notices: ChangeNotices;

  constructor(private readonly db: Db) {
    this.notices = new ChangeNotices(
      db,
      CHANNEL,
      (id) => this.forget(id),
      () => this.forgetAll(),
    );
  }

  async get(id: string): Promise<PublicBot | undefined> {
    const hit = this.entries.get(id);
    if (hit && Date.now() - hit.at < TTL_MS && this.notices.trusted()) {
      // Most recently used last: the oldest-used bot goes first when the cache is full.
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.bot;
    }
    // Stored only if the cache was trusted before the read began (on PostgreSQL: already listening,
    // so a change committed after the read is heard) and nothing was forgotten meanwhile.
    const trusted = this.notices.trusted();
    const generation = this.generation;
    const row = await one<PublicBot>(this.db, SQL, [id]);
    const bot = row && {
      ...row,
      greeting: row.greeting ?? '',
      starter_questions: row.starter_questions ?? [],
      allowed_origins: row.allowed_origins ?? [],
    };
    if (trusted && generation === this.generation && this.notices.trusted()) {
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
}

const caches = new CachesPerDb((db) => new PublicBotCache(db));

/** A bot's public info, or undefined when there is no such bot; from memory when current. */
export const getPublicBot = (db: Db, id: string): Promise<PublicBot | undefined> => caches.of(db).get(id);

/**
 * Forget a bot in every cache of this process: call after any write to its row (once committed).
 * Every cache, not only the writer's handle's: a worker may write through a handle of its own.
 */
export function forgetPublicBot(id: string): void {
  caches.each((cache) => cache.forget(id));
}
