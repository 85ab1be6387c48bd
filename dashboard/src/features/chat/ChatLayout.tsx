import { useEffect, useState } from 'react';
import { Outlet, useMatch, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { DEFAULT_CONVERSATION_TITLES } from '../../../../shared/src/contract/titles';
import { formatDateTime } from '../../../../shared/src/dates';
import { api } from '../../api/client';
import { visitorId as readVisitorId } from '../../storage';
import { Logo } from '../../ui/Logo';
import { Spinner } from '../../ui/Spinner';
import { ChatThemeToggle } from './ChatThemeToggle';
import { ChatIcon, CloseIcon, MenuIcon, PlusIcon } from '../../ui/icons';
import { conversationsKey, useConversations, usePublicChatbot } from './queries';
import { reusableConversation } from '../../../../shared/src/chat/landing';
import { ChatTextsProvider, shownTitle, useChatLanguage } from '../../../../shared/src/chat/texts';
import { PageTextsProvider, useBotPageTexts } from './pageTexts';
import { START_TEXTS } from '../../../../shared/src/messages/start';
import { browserLanguage, useFallbackInfo } from './visitorLanguage';

/** /chat: the visitor's conversation sidebar beside the thread (spec §2). */
export default function ChatLayout() {
  const botMatch = useMatch('/chat/:botId/*');
  const convMatch = useMatch('/chat/:botId/conversations/:convId');
  const botId = botMatch?.params.botId;
  const convId = convMatch?.params.convId;
  const [visitorId] = useState(readVisitorId);
  const { data: conversations, isLoading, error } = useConversations(botId, visitorId);
  const { data: bot, error: botError } = usePublicChatbot(botId);
  // The visitor's side speaks the bot's language; the dashboard stays English. Until the bot's info
  // has come, the few first texts (messages/start.ts) in the visitor's browser language; without it,
  // all of that language's (visitorLanguage.ts).
  const [guess] = useState(browserLanguage);
  const fallback = useFallbackInfo(guess, !!botId && !!botError);
  const shown = bot ?? fallback.info;
  const language = useChatLanguage(shown, botId ? { lang: guess, texts: START_TEXTS[guess] } : undefined);
  const { t } = language;
  const page = useBotPageTexts(shown);
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  // The drawer closes when the conversation changes.
  useEffect(() => setOpen(false), [convId]);
  useEffect(() => {
    if (!open) return;
    document.querySelector<HTMLElement>('#chat-sidebar button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  // The visitor talks to the bot, not to the product: its name is the tab's title.
  useEffect(() => {
    if (bot?.name) document.title = bot.name;
  }, [bot?.name]);

  const newChat = async () => {
    if (!botId) return;
    const unused = conversations && reusableConversation(conversations);
    if (unused) {
      setOpen(false);
      navigate(`/chat/${botId}/conversations/${unused.id}`);
      return;
    }
    setCreating(true);
    try {
      const conversation = await api.createConversation(botId, DEFAULT_CONVERSATION_TITLES.chatPage, visitorId);
      await mutate(conversationsKey(botId, visitorId));
      navigate(`/chat/${botId}/conversations/${conversation.id}`);
    } catch (err) {
      console.error('Conversation creation failed', err);
    } finally {
      setCreating(false);
    }
  };

  // The page's words wait for the bot's info (one short request), so they never show in a language
  // the bot does not speak; without it (not found, unreachable) the page shows what it can.
  if (botId && !bot && !(botError && fallback.ready)) {
    return (
      <div className="fullscreen-center" lang={language.lang}>
        <Spinner size="lg" label={t.initializing} />
      </div>
    );
  }

  return (
    <ChatTextsProvider value={language}>
      <div className="chat-shell" lang={language.lang}>
        <a className="skip-link" href="#chat-main">
          {page.skipToConversation}
        </a>
        <header className="chat-topbar">
          <button
            type="button"
            className="icon-button"
            aria-label={open ? page.closeConversations : page.openConversations}
            aria-expanded={open}
            aria-controls="chat-sidebar"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
          {/* The spec's 'Chat' header at every width (the thread's own is hidden here), the bot's name under it. */}
          <div className="chat-topbar-title">
            <span aria-hidden="true">{t.chat}</span>
            {bot?.name && <span className="chat-topbar-bot truncate">{bot.name}</span>}
          </div>
          <ChatThemeToggle />
        </header>
        {open && <div className="drawer-overlay" aria-hidden="true" onClick={() => setOpen(false)} />}
        <aside id="chat-sidebar" className={`chat-sidebar${open ? ' is-open' : ''}`} aria-label={page.chatHistory}>
          {/* The bot's name heads the sidebar where the product's logo was: the logo moves to its foot. */}
          <div className="chat-sidebar-head">
            <div className="chat-bot-info">
              <p className="chat-bot-name">{bot ? bot.name || page.chatbot : '\u00a0'}</p>
              {bot?.description && <p className="chat-bot-description">{bot.description}</p>}
            </div>
            {/* With a conversation open, its header carries the one theme toggle. */}
            {!convId && <ChatThemeToggle />}
          </div>
          <div className="chat-sidebar-title-row">
            <h2 className="chat-sidebar-title">{page.chatHistory}</h2>
            <button type="button" className="btn btn-primary btn-sm" onClick={newChat} disabled={!botId || creating}>
              {creating ? <Spinner size="sm" label={page.creatingConversation} /> : <PlusIcon size={16} />} {t.newChat}
            </button>
          </div>
          <nav className="conversation-nav" aria-label={t.conversations}>
            {!botId ? null : isLoading ? (
              <div className="sidebar-loading">
                <Spinner size="sm" label={page.loadingConversations} />
              </div>
            ) : error ? (
              <p className="sidebar-empty error-text">{page.errorLoadingConversations}</p>
            ) : !conversations || conversations.length === 0 ? (
              <div className="conversation-empty">
                <ChatIcon size={22} />
                <p className="conversation-empty-title">{t.noConversations}</p>
                <p className="muted">{page.startNewChat}</p>
              </div>
            ) : (
              <ul className="conversation-list">
                {conversations.map((c) => {
                  const active = c.id === convId;
                  return (
                    <li key={c.id}>
                      <button
                        type="button"
                        className={`conversation-item${active ? ' is-active' : ''}`}
                        aria-current={active ? 'page' : undefined}
                        onClick={() => navigate(`/chat/${botId}/conversations/${c.id}`)}
                      >
                        <span className="conversation-title truncate">{shownTitle(c.title, t, t.untitled)}</span>
                        <span className="conversation-time">{formatDateTime(c.last_message_at ?? c.created_at, language.lang)}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </nav>
          <div className="chat-sidebar-foot">
            <span className="muted">{page.poweredBy}</span>
            <Logo to="/" />
          </div>
        </aside>
        <main id="chat-main" className="chat-main">
          <PageTextsProvider value={page}>
            <Outlet context={{ visitorId }} />
          </PageTextsProvider>
        </main>
      </div>
    </ChatTextsProvider>
  );
}
