import type { Message } from '../../../../shared/src/api/types.js';
import type { Db } from '../db.js';

interface Entry {
  chatbotId: string;
  visitorId: string;
  messageCount: number;
  messages: Message[];
}

const MAX_ENTRIES = 2000;
const MAX_MESSAGES = 400;
const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * Recently read conversations, per database. Visitors re-read their thread constantly (widget
 * open, after every answer), and on PGlite each read costs milliseconds of the one thread. On PGlite
 * only this process writes (the data dir is locked), so an entry is trusted until this process
 * changes it; on PostgreSQL other processes write too, so callers validate the entry against the
 * conversation's message_count before using it.
 *
 * Module state on purpose: it is keyed by the Db handle (a WeakMap, so it lives and dies with that
 * database and two databases in one process, as in the tests, never share entries), and only the
 * repositories that write messages and conversations (messages.ts, chatbots.ts) change it, in the
 * same call as their SQL. Passing it around instead would thread a cache through every caller of
 * those repositories without making it any less shared.
 */
export function messageCache(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

export function rememberMessages(db: Db, conversationId: string, entry: Entry): void {
  if (entry.messages.length > MAX_MESSAGES) return;
  const cache = messageCache(db);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(conversationId, entry);
}

export function forgetConversation(db: Db, conversationId: string): void {
  caches.get(db)?.delete(conversationId);
}

export function forgetAllConversations(db: Db): void {
  caches.get(db)?.clear();
}
