import { useCallback, useEffect, useRef, useState } from 'react';
import type { VisitorApi as ApiClient } from '../api/client';
import type { Message } from '../api/types';

const PAGE = 50;
const MAX_PAGES = 40;
/** Last loaded list per bot+conversation, so switching back shows it at once (then revalidates). */
const cache = new Map<string, Message[]>();
/** Keys whose cached list just came with the panel's bootstrap: shown without a second request. */
const fresh = new Set<string>();

/**
 * Hands over a conversation's complete message list that arrived another way (the widget's bootstrap,
 * GET /chatbots/{id}/bootstrap), so the thread opening it shows it at once and does not ask again.
 */
export function seedMessages(botId: string, conversationId: string, messages: Message[]): void {
  const key = `${botId}/${conversationId}`;
  cache.set(key, messages);
  fresh.add(key);
}

export interface MessagesState {
  messages: Message[] | undefined;
  error: unknown;
  loading: boolean;
  /** Loads (again) from the server; replaces the list when it arrives. */
  reload: () => Promise<void>;
  /** Aborts any in-flight load (sending does this first, so a stale list cannot overwrite it). */
  cancel: () => void;
  setMessages: (messages: Message[]) => void;
  /** Changes one message in place (a rating), keeping whatever else arrived meanwhile. */
  patchMessage: (id: string, patch: Partial<Message>) => void;
}

/**
 * The messages of one conversation: a tiny data hook (no swr, so the widget stays small). Loads
 * every page (50 at a time, by `after` index) only when bot, conversation and visitor are known.
 */
export function useMessages(api: ApiClient, botId: string, conversationId: string | null, visitorId: string): MessagesState {
  const key = conversationId ? `${botId}/${conversationId}` : '';
  const [state, setState] = useState<{ key: string; messages?: Message[]; error?: unknown; loading: boolean }>(() => ({
    key,
    messages: cache.get(key),
    loading: !!key && !fresh.has(key),
  }));
  const controller = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  const reload = useCallback(async () => {
    if (!conversationId || !botId || !visitorId) return;
    cancel();
    const ac = new AbortController();
    controller.current = ac;
    setState((s) => ({ ...s, key, loading: true }));
    try {
      const all: Message[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const after = all.length ? all[all.length - 1]!.index : 0;
        const batch = await api.listMessages(botId, conversationId, visitorId, { after, limit: PAGE, signal: ac.signal });
        all.push(...batch);
        if (batch.length < PAGE) break;
      }
      if (ac.signal.aborted) return;
      cache.set(key, all);
      setState({ key, messages: all, loading: false });
    } catch (error) {
      if (ac.signal.aborted) return;
      setState((s) => ({ ...s, key, error, loading: false }));
    } finally {
      if (controller.current === ac) controller.current = null;
    }
  }, [api, botId, conversationId, visitorId, key, cancel]);

  useEffect(() => {
    // Seeded by a bootstrap a moment ago: that list is current, so the first showing costs no request.
    if (fresh.delete(key)) {
      setState({ key, messages: cache.get(key), loading: false });
      return cancel;
    }
    setState({ key, messages: cache.get(key), loading: !!key });
    void reload();
    return cancel;
  }, [reload, cancel, key]);

  const setMessages = useCallback(
    (messages: Message[]) => {
      cache.set(key, messages);
      setState({ key, messages, loading: false });
    },
    [key],
  );

  const patchMessage = useCallback(
    (id: string, patch: Partial<Message>) =>
      setState((s) => {
        if (s.key !== key || !s.messages) return s;
        const messages = s.messages.map((m) => (m.id === id ? { ...m, ...patch } : m));
        cache.set(key, messages);
        return { ...s, messages };
      }),
    [key],
  );

  const current = state.key === key ? state : { messages: cache.get(key), error: undefined, loading: !!key };
  return { messages: current.messages, error: current.error, loading: current.loading, reload, cancel, setMessages, patchMessage };
}
