import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { VisitorApi as ApiClient } from '../api/client';
import { keyboardLooksOpen, togglePageTheme, watchViewport } from './browser';
import { Composer } from './Composer';
import { ArrowDownIcon, MoonIcon, SunIcon } from './icons';
import { MessageBubble, TypingDots } from './MessageBubble';
import { useIsMobile } from './useIsMobile';
import { useMessages } from './useMessages';
import { usePageDark } from './usePageTheme';
import { useSendMessage } from './useSendMessage';
import { useChatTexts } from './texts';

export interface ChatThreadProps {
  api: ApiClient;
  botId: string;
  conversationId: string;
  visitorId: string;
  /** 'widget' hides the thread's own header (the widget panel has one). */
  mode?: 'widget' | 'page';
  /** Replaces the default theme toggle in the page-mode header. */
  headerActions?: ReactNode;
  /** Called after each send settles (e.g. to refresh a conversation list). */
  onMessageSent?: () => void;
  /** Called when the server has kept a question (its answer starts): the conversation has its title now. */
  onQuestionKept?: () => void;
  /** False while the thread is hidden (a closed widget): reopening scrolls to the latest message again. */
  visible?: boolean;
  /** The owner's greeting and starter questions, shown while the conversation is empty. */
  intro?: { greeting?: string; starter_questions?: string[] };
}

const SCROLL_THRESHOLD = 100;
const INITIAL_SCROLL_MS = 100;
const KEYBOARD_SCROLL_MS = 300;
/** Space left above a new answer scrolled to its start. */
const ANSWER_TOP_GAP = 12;

/** The answer to the latest question (streaming or stored): the last message, after a question (the typing dots are not one). */
function newestAnswer(scroller: HTMLElement): HTMLElement | null {
  const msgs = scroller.querySelectorAll<HTMLElement>('.docent-msg[data-role]');
  const last = msgs[msgs.length - 1];
  return last?.dataset.role === 'assistant' && msgs[msgs.length - 2]?.dataset.role === 'user' ? last : null;
}

/** The spec's chat thread, for the full-page chat and the widget alike. */
export function ChatThread({
  api,
  botId,
  conversationId,
  visitorId,
  mode = 'page',
  headerActions,
  onMessageSent,
  onQuestionKept,
  visible = true,
  intro,
}: ChatThreadProps) {
  const { t } = useChatTexts();
  const mobile = useIsMobile(640);
  const dark = usePageDark();
  const list = useMessages(api, botId, conversationId, visitorId);
  const sending = useSendMessage(api, botId, conversationId, visitorId, list, onMessageSent, onQuestionKept, t);
  const [text, setText] = useState('');
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const scroller = useRef<HTMLDivElement | null>(null);
  const input = useRef<HTMLTextAreaElement | null>(null);
  const stick = useRef(true);
  // True from a send until its answer is placed: a long answer is shown from its start, not its end.
  const answering = useRef(false);
  // The new answer's start is in view: nothing moves it until the reader does (or sends again).
  const anchored = useRef(false);

  const scrollToBottom = useCallback((smooth = false) => {
    const el = scroller.current;
    if (!el) return;
    stick.current = true;
    anchored.current = false;
    if (typeof el.scrollTo === 'function') el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    else el.scrollTop = el.scrollHeight;
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    stick.current = distance <= SCROLL_THRESHOLD;
    setAwayFromBottom(distance > SCROLL_THRESHOLD);
  };

  // Initial scroll to the latest message shortly after opening (once the list has rendered).
  const loaded = list.messages !== undefined;
  // (display:none loses the scroll position, so a reopened widget scrolls again.)
  useEffect(() => {
    if (!loaded || !visible) return;
    const t = setTimeout(() => scrollToBottom(), INITIAL_SCROLL_MS);
    return () => clearTimeout(t);
  }, [loaded, conversationId, visible, scrollToBottom]);

  // Follow new content (streamed tokens too) while the reader is at the bottom, until a new answer
  // outgrows the view: then its start stays at the top (the reader begins there, not at its Sources).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // Placed while it was still short: as it grows below, the scroll-to-bottom button tells there is more.
    if (anchored.current) return setAwayFromBottom(el.scrollHeight - el.scrollTop - el.clientHeight > SCROLL_THRESHOLD);
    if (!stick.current) return;
    const answer = answering.current ? newestAnswer(el) : null;
    if (answer) {
      const top = answer.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop - ANSWER_TOP_GAP;
      if (el.scrollHeight - el.clientHeight > top) {
        answering.current = false;
        anchored.current = true;
        stick.current = false;
        el.scrollTop = top;
        return;
      }
    }
    scrollToBottom();
  }, [list.messages, sending.draft, sending.pending, scrollToBottom]);

  // On-screen keyboard: scroll once it has opened.
  useEffect(() => {
    let t: ReturnType<typeof setTimeout> | undefined;
    const stop = watchViewport(() => {
      if (!keyboardLooksOpen()) return;
      clearTimeout(t);
      t = setTimeout(() => scrollToBottom(), KEYBOARD_SCROLL_MS);
    });
    return () => {
      stop();
      clearTimeout(t);
    };
  }, [scrollToBottom]);

  const onInputFocus = () => {
    // (Not when the send itself hands focus back: the new answer is read from its start.)
    if (mobile && !anchored.current) setTimeout(() => scrollToBottom(), KEYBOARD_SCROLL_MS);
  };

  /** Sends the input's text, or a starter question (which leaves whatever is typed alone). */
  const send = async (value = text, starter = false) => {
    if (!starter) setText('');
    stick.current = true;
    answering.current = true;
    anchored.current = false;
    const ok = await sending.send(value);
    // A failed send gives the text back so nothing typed is lost.
    if (!ok && value.trim()) setText((current) => current || value);
    input.current?.focus();
  };

  // Shown at once, stored in the background; a refused rating goes back to what it was.
  const rate = (id: string, before: 1 | -1 | null, rating: 1 | -1 | null) => {
    list.patchMessage(id, { feedback: rating });
    api.rateMessage(botId, conversationId, id, rating, visitorId).catch(() => list.patchMessage(id, { feedback: before }));
  };

  const greeting = intro?.greeting?.trim();
  const starters = intro?.starter_questions ?? [];

  const messages = list.messages;
  let body: ReactNode;
  if (messages === undefined && list.error && !list.loading) {
    body = (
      <div className="docent-state docent-error" role="alert">
        <strong>{t.errorLoadingMessages}</strong>
        <p>{t.errorLoadingMessagesBody}</p>
        <button type="button" className="docent-button" onClick={() => void list.reload()}>
          {t.retry}
        </button>
      </div>
    );
  } else if (messages === undefined) {
    body = (
      <div className="docent-state" role="status">
        {t.loadingMessages}
      </div>
    );
  } else {
    body = (
      <>
        {messages.length === 0 && !sending.pending && (
          <>
            {greeting ? (
              <div className="docent-msg docent-msg-assistant docent-greeting">
                <div className="docent-bubble">
                  <div className="docent-user-text">{greeting}</div>
                </div>
              </div>
            ) : (
              !starters.length && <div className="docent-state docent-empty-thread">{t.emptyThread}</div>
            )}
            {starters.length > 0 && (
              <div className="docent-starters" role="group" aria-label={t.suggestedQuestions}>
                {starters.map((q) => (
                  <button key={q} type="button" className="docent-starter" onClick={() => void send(q, true)}>
                    {q}
                  </button>
                ))}
              </div>
            )}
          </>
        )}
        {messages.map((m) => (
          <MessageBubble
            key={m.id}
            role={m.role}
            content={m.content}
            createdAt={m.created_at}
            sources={m.sources}
            feedback={m.feedback}
            onRate={m.role === 'assistant' ? (rating) => rate(m.id, m.feedback ?? null, rating) : undefined}
          />
        ))}
        {sending.pending && sending.draft && sending.draft.content ? (
          <MessageBubble role="assistant" content={sending.draft.content} sources={sending.draft.sources} streaming />
        ) : sending.pending ? (
          <TypingDots />
        ) : null}
      </>
    );
  }

  const classes = ['docent-thread', `docent-thread-${mode}`, mobile && 'docent-mobile', dark && 'docent-dark'].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      {mode !== 'widget' && (
        <header className="docent-thread-header">
          <h1>{t.chat}</h1>
          {headerActions ?? (
            <button type="button" className="docent-icon-button" onClick={togglePageTheme} aria-label={dark ? t.lightMode : t.darkMode}>
              {dark ? <SunIcon /> : <MoonIcon />}
            </button>
          )}
        </header>
      )}
      <div className="docent-scroll" ref={scroller} onScroll={onScroll} role="log" aria-live="polite" aria-label={t.messages} tabIndex={0}>
        {body}
      </div>
      {awayFromBottom && (
        <button type="button" className="docent-scroll-bottom" onClick={() => scrollToBottom(true)} aria-label={t.scrollToBottom}>
          <ArrowDownIcon />
        </button>
      )}
      {sending.error && (
        <div className="docent-send-error" role="alert">
          {sending.error}
        </div>
      )}
      <Composer
        value={text}
        onChange={setText}
        onSend={() => void send()}
        pending={sending.pending}
        mobile={mobile}
        onFocus={onInputFocus}
        inputRef={input}
      />
    </div>
  );
}
