import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, type VisitorApi as ApiClient } from '../api/client';
import type { Message, Source } from '../api/types';
import type { MessagesState } from './useMessages';
import type { ChatTexts } from '../messages/types';
import { chat as english } from '../messages/en';

/** The assistant answer while it streams in. */
export interface DraftAnswer {
  content: string;
  sources: Source[];
}

export interface SendState {
  pending: boolean;
  draft: DraftAnswer | null;
  error: string | null;
  /** Sends trimmed text; resolves true when the server kept the question, false when nothing was sent or it failed. */
  send: (text: string) => Promise<boolean>;
}

let tempCounter = 0;

/**
 * Optimistic send (spec §4): append the user's message at once with a temporary id, stream the
 * answer, restore the previous list on error, and reload the messages once settled.
 */
export function useSendMessage(
  api: ApiClient,
  botId: string,
  conversationId: string | null,
  visitorId: string,
  list: MessagesState,
  onSettled?: () => void,
  onQuestionKept?: () => void,
  /** The chat's texts (texts.ts): its own failure messages are in the bot's language. */
  t: ChatTexts = english,
): SendState {
  const [pending, setPending] = useState(false);
  const [draft, setDraft] = useState<DraftAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      inFlight.current?.abort();
    };
  }, []);
  // A new conversation starts clean.
  useEffect(() => setError(null), [conversationId]);

  const send = useCallback(
    async (text: string) => {
      const content = text.trim();
      if (!content || !conversationId || inFlight.current) return false;
      list.cancel();
      const previous = list.messages ?? [];
      const optimistic: Message = {
        id: `temp-${Date.now()}-${++tempCounter}`,
        conversation_id: conversationId,
        role: 'user',
        content,
        sources: [],
        created_at: new Date().toISOString(),
        index: previous.length + 1,
      };
      list.setMessages([...previous, optimistic]);
      const ac = new AbortController();
      inFlight.current = ac;
      setPending(true);
      setError(null);
      setDraft({ content: '', sources: [] });
      let answer = '';
      let sources: Source[] = [];
      let kept = false;
      try {
        let finished = false;
        for await (const ev of api.streamMessage(botId, conversationId, content, visitorId, { signal: ac.signal })) {
          // The server stores (and titles) the question before it answers: the first event says it is kept.
          if (!kept && (ev.event === 'token' || ev.event === 'sources') && mounted.current) {
            kept = true;
            onQuestionKept?.();
          }
          if (ev.event === 'token') {
            answer += typeof ev.data.delta === 'string' ? ev.data.delta : '';
            if (mounted.current) setDraft({ content: answer, sources });
          } else if (ev.event === 'sources') {
            sources = Array.isArray(ev.data.sources) ? ev.data.sources : [];
            if (mounted.current) setDraft({ content: answer, sources });
          } else if (ev.event === 'error') {
            const { user_message, assistant_message, detail } = ev.data;
            if (!user_message) throw new ApiError(500, detail || t.answerFailed);
            // The server kept the question (and whatever answer it stored): show that, not a rollback.
            finished = true;
            if (mounted.current) {
              list.setMessages([...previous, user_message, ...(assistant_message ? [assistant_message] : [])]);
              if (assistant_message) setDraft(null);
              setError(detail || t.answerFailed);
            }
            // The question was sent and kept: do not hand the text back for a duplicate resend.
            return true;
          } else if (ev.event === 'done') {
            finished = true;
            const { user_message, assistant_message } = ev.data;
            if (mounted.current && user_message && assistant_message) {
              list.setMessages([...previous, user_message, assistant_message]);
              // The stored answer replaces the draft now, not when the connection closes: until then
              // both would show (a proxy or a slow close can keep the stream open after `done`).
              setDraft(null);
            }
          }
        }
        if (!finished) throw new ApiError(0, t.answerInterrupted);
        return true;
      } catch (err) {
        if (!mounted.current || ac.signal.aborted) return false;
        list.setMessages(previous);
        setError(sendError(err, t));
        return false;
      } finally {
        inFlight.current = null;
        if (mounted.current) {
          setPending(false);
          setDraft(null);
          void list.reload();
          onSettled?.();
        }
      }
    },
    [api, botId, conversationId, visitorId, list, onSettled, onQuestionKept, t],
  );

  return { pending, draft, error, send };
}

/**
 * What a failed send says: in an English chat the server's own reason (its details are English);
 * in another language, too many messages or a plain "could not be sent" in it (the answer stream's
 * `error` event details come already translated, and are shown as they are).
 */
function sendError(err: unknown, t: ChatTexts): string {
  if (!(err instanceof ApiError)) return t.sendFailed;
  if (t === english || err.message === t.answerInterrupted) return err.message;
  return err.status === 429 ? t.rateLimited : t.sendFailed;
}
