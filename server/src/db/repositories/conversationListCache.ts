import type { Db } from '../db.js';
import { CachesPerDb } from './cachesPerDb.js';
import { ChangeNotices } from './changeNotices.js';
import type { ConversationRow } from './conversations.js';

/**
 * Every write to a conversation row (a new conversation, a message appended, a rename) announces
 * `chatbot_id visitor_id` here, in the writing statement itself (conversations.ts, messages.ts), so
 * PostgreSQL delivers it to the other processes once that transaction commits.
 */
export const CONVERSATIONS_CHANNEL = 'docent_conversation_changed';

const MAX_LISTS = 5000;
/** Conversations held over all lists: a visitor may have up to 500, most have one or two. */
const MAX_ROWS = 50_000;
/** A backstop only: every change is forgotten at once (this process) or on its notice (others). */
const TTL_MS = 30_000;

interface Entry {
  rows: readonly ConversationRow[];
  at: number;
}

const keyOf = (chatbotId: string, visitorId: string) => `${chatbotId} ${visitorId}`;

/**
 * Visitors' conversation lists, per database handle (one per process), keyed by bot and visitor: a
 * widget re-reads its visitor's list on every open, and on PGlite each read is a hop to the database
 * thread and a query. A key is its visitor's own, so one visitor is never served another's list.
 *
 * Freshness as in publicBotCache.ts: a write in this process forgets the visitor's list at once
 * (forgetVisitorConversations, called by every writer of the conversations table, after it commits);
 * other processes hear the write's notice (CONVERSATIONS_CHANNEL), and while not listening nothing
 * is cached. A read stores what it read only if nothing was forgotten since it began.
 */
class ConversationListCache {
  private readonly entries = new Map<string, Entry>();
  private rows = 0;
  /** Bumped by every forget, so a read that began before a change never stores what it read. */
  private generation = 0;
  private readonly notices: ChangeNotices;

  constructor(db: Db) {
    this.notices = new ChangeNotices(
      db,
      CONVERSATIONS_CHANNEL,
      (key) => this.forget(key),
      () => this.forgetAll(),
    );
  }

  get(key: string): readonly ConversationRow[] | undefined {
    const hit = this.entries.get(key);
    if (!hit || Date.now() - hit.at >= TTL_MS || !this.notices.trusted()) return undefined;
    // Most recently used last: the oldest-used list goes first when the cache is full.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.rows;
  }

  /** Taken before reading the database; undefined when the cache is not trusted now. */
  ticket(): number | undefined {
    return this.notices.trusted() ? this.generation : undefined;
  }

  store(key: string, ticket: number | undefined, rows: readonly ConversationRow[]): void {
    if (ticket === undefined || ticket !== this.generation || !this.notices.trusted() || rows.length > MAX_ROWS) return;
    this.drop(key);
    while (this.entries.size >= MAX_LISTS || this.rows + rows.length > MAX_ROWS) this.drop(this.entries.keys().next().value!);
    this.entries.set(key, { rows, at: Date.now() });
    this.rows += rows.length;
  }

  forget(key: string): void {
    this.generation++;
    this.drop(key);
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
    this.rows = 0;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.rows -= entry.rows.length;
  }
}

const caches = new CachesPerDb((db) => new ConversationListCache(db));

/** A visitor's cached conversation list with a bot, when current; callers must not change its rows. */
export const cachedVisitorConversations = (db: Db, chatbotId: string, visitorId: string) => caches.of(db).get(keyOf(chatbotId, visitorId));

/**
 * Read a visitor's list from the database through `read` and keep it, unless a write was forgotten
 * meanwhile: the ticket is taken before the read begins.
 */
export async function readThroughVisitorConversations<T>(
  db: Db,
  chatbotId: string,
  visitorId: string,
  read: () => Promise<T>,
  rowsOf: (result: T) => readonly ConversationRow[],
): Promise<T> {
  const cache = caches.of(db);
  const ticket = cache.ticket();
  const result = await read();
  cache.store(keyOf(chatbotId, visitorId), ticket, rowsOf(result));
  return result;
}

/** Forget a visitor's list in every cache of this process: call after any write to their conversations (once committed). */
export function forgetVisitorConversations(chatbotId: string, visitorId: string): void {
  const key = keyOf(chatbotId, visitorId);
  caches.each((cache) => cache.forget(key));
}

/** Forget every list in every cache of this process (a bot deleted with all its conversations). */
export function forgetAllVisitorConversations(): void {
  caches.each((cache) => cache.forgetAll());
}

/** The SQL tail that announces a conversation row's change: `FROM <alias>, ${announce('alias')}`. */
export const announceConversationChange = (alias: string) =>
  `pg_notify('${CONVERSATIONS_CHANNEL}', ${alias}.chatbot_id || ' ' || ${alias}.visitor_id)`;
