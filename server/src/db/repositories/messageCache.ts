import type { MessageRow } from './messages.js';

interface Entry {
  chatbotId: string;
  visitorId: string;
  messageCount: number;
  messages: MessageRow[];
}

const MAX_ENTRIES = 2000;
const MAX_MESSAGES = 400;

/**
 * Recently read conversations. Visitors re-read their thread constantly (widget open, after every
 * answer), and on PGlite each read costs milliseconds of the one thread. On PGlite only this process
 * writes (the data dir is locked), so an entry is trusted until a writer holding this cache changes
 * it; on PostgreSQL other processes write too, so readers validate the entry against the
 * conversation's message_count before using it.
 *
 * One instance per app, made where the app is wired (main.ts) and handed to the repositories that
 * read or write messages: two apps in one process (as in the tests) never share entries, and every
 * writer of messages, ratings or bots must be given it, so none can forget to invalidate it.
 */
export class MessageCache {
  private readonly entries = new Map<string, Entry>();

  get(conversationId: string): Entry | undefined {
    return this.entries.get(conversationId);
  }

  remember(conversationId: string, entry: Entry): void {
    if (entry.messages.length > MAX_MESSAGES) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(conversationId, entry);
  }

  forget(conversationId: string): void {
    this.entries.delete(conversationId);
  }

  forgetAll(): void {
    this.entries.clear();
  }
}
