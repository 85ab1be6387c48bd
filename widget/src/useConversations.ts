import { useCallback, useRef, useState } from 'react';
import { ApiError, type VisitorApi as ApiClient } from '../../shared/src/api/client';
import type { Conversation, PublicChatbot } from '../../shared/src/api/types';
import { DEFAULT_CONVERSATION_TITLES } from '../../shared/src/contract/titles';
import { reusableConversation } from '../../shared/src/chat/landing';
import { seedMessages } from '../../shared/src/chat/useMessages';

export const NEW_CHAT_TITLE = DEFAULT_CONVERSATION_TITLES.widget;

export interface ConversationsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  conversations: Conversation[];
  selectedId: string | null;
  /** Why the first open failed: the server's own words (403, 429), else which of the chat's texts says it. */
  error: { refused?: string; text: 'botNotAvailable' | 'rateLimited' | 'unavailable' } | null;
  /** What the bot shows visitors (greeting, starter questions), once loaded. */
  bot: PublicChatbot | null;
  /** First open, one request: select the first conversation, or create 'New Chat' and select it. */
  init: () => Promise<void>;
  select: (id: string) => void;
  /**
   * Selects a conversation nobody has written in yet, or creates 'New Chat' and selects it; resolves
   * false when creation failed. (Clicking New Chat twice makes one empty conversation, not two.)
   */
  createNew: () => Promise<boolean>;
  /** Reloads the list quietly (after a message, to keep order and counts fresh). */
  refresh: () => Promise<void>;
}

/** The visitor's conversations with one bot, and which one is open. */
export function useConversations(api: ApiClient, botId: string, visitorId: string): ConversationsState {
  const [status, setStatus] = useState<ConversationsState['status']>('idle');
  const [conversations, setConversations] = useState<Conversation[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [error, setError] = useState<ConversationsState['error']>(null);
  const [bot, setBot] = useState<PublicChatbot | null>(null);
  const busy = useRef(false);

  const create = useCallback(async () => {
    try {
      const conv = await api.createConversation(botId, NEW_CHAT_TITLE, visitorId);
      setConversations((list) => [conv, ...list.filter((c) => c.id !== conv.id)]);
      setSelectedId(conv.id);
      return true;
    } catch (err) {
      // The spec only logs conversation-creation failures; the 'No Conversation Selected' state remains.
      console.error('[docent] could not create a conversation', err);
      return false;
    }
  }, [api, botId, visitorId]);

  const init = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus('loading');
    setError(null);
    try {
      // One request (issue #40): the server lands the visitor in their newest conversation, or creates
      // 'New Chat' (spec §4), and sends its messages along, so the thread opens without asking again.
      const boot = await api.bootstrap(botId, visitorId, true);
      setBot(boot.chatbot);
      setConversations(boot.conversations);
      const first = boot.conversations.find((c) => c.id === boot.conversation_id);
      if (first) {
        if (boot.messages.length === first.message_count) seedMessages(botId, first.id, boot.messages);
        setSelectedId((current) => current ?? first.id);
      }
      // Without one (the visitor's conversation limit was reached), 'No Conversation Selected' shows.
      setStatus('ready');
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      // 403 (a site the owner did not allow) carries the server's own words, in the bot's language.
      setError(
        status === 404
          ? { text: 'botNotAvailable' }
          : status === 403 && err instanceof ApiError
            ? { refused: err.message, text: 'unavailable' }
            : { text: status === 429 ? 'rateLimited' : 'unavailable' },
      );
      setStatus('error');
    } finally {
      busy.current = false;
    }
  }, [api, botId, visitorId]);

  const refresh = useCallback(async () => {
    try {
      setConversations(await api.listConversations(botId, visitorId));
    } catch {}
  }, [api, botId, visitorId]);

  const createNew = useCallback(async () => {
    const unused = reusableConversation(conversations);
    if (!unused) return create();
    setSelectedId(unused.id);
    return true;
  }, [conversations, create]);

  return { status, conversations, selectedId, error, bot, init, select: setSelectedId, createNew, refresh };
}
