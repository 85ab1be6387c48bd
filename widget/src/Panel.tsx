import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { VisitorApi as ApiClient } from '../../shared/src/api/client';
import { ChatThread } from '../../shared/src/chat/ChatThread';
import { CloseIcon, MenuIcon } from '../../shared/src/chat/icons';
import { getVisitorId } from '../../shared/src/visitor';
import { storage, win } from './env';
import { trapTab } from './focusTrap';
import type { PanelProps as PanelContractProps } from './panelContract';
import { Sidebar } from './Sidebar';
import { useConversations } from './useConversations';
import { ChatTextsProvider, shownTitle, useChatLanguage } from '../../shared/src/chat/texts';

interface PanelProps {
  api: ApiClient;
  botId: string;
  open: boolean;
  onClose: () => void;
  onLanguage?: PanelContractProps['onLanguage'];
  start?: PanelContractProps['start'];
}

/** The open chat window: header, slide-out conversation list, and the shared chat thread. */
export function Panel({ api, botId, open, onClose, onLanguage, start }: PanelProps) {
  // The visitor id is created on first open, not on page load.
  const visitorId = useMemo(() => getVisitorId(storage()), []);
  const convs = useConversations(api, botId, visitorId);
  // The bot's language once its info has come; until then the launcher's guess (its first texts).
  const language = useChatLanguage(convs.bot, start);
  const { t } = language;
  const known = !!convs.bot;
  useEffect(() => {
    if (known) onLanguage?.(language.lang, t);
  }, [known, language, t, onLanguage]);
  const [sidebar, setSidebar] = useState(false);
  const panel = useRef<HTMLDivElement | null>(null);
  const menuButton = useRef<HTMLButtonElement | null>(null);
  const sidebarBox = useRef<HTMLElement | null>(null);

  // A press anywhere outside the sidebar (header included) closes it; the menu button toggles it itself.
  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if (!sidebar) return;
    const target = e.target as Node;
    if (sidebarBox.current?.contains(target) || menuButton.current?.contains(target)) return;
    setSidebar(false);
  };

  // First open: pick the first conversation or create one.
  useEffect(() => {
    if (open && convs.status === 'idle') void convs.init();
  }, [open, convs]);

  // Focus moves into the panel when it opens: the input on desktop; on phones the close button,
  // so the on-screen keyboard does not jump up over the conversation.
  useEffect(() => {
    if (!open) return;
    const t = setTimeout(() => {
      const el = panel.current;
      const input = win().innerWidth < 768 ? null : el?.querySelector<HTMLElement>('.docent-input:not([disabled])');
      const target = input ?? el?.querySelector<HTMLElement>('.docent-panel-close');
      target?.focus();
    }, 0);
    return () => clearTimeout(t);
  }, [open, convs.selectedId]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (sidebar) setSidebar(false);
      else onClose();
      return;
    }
    if (panel.current) trapTab(e.nativeEvent, panel.current);
  };

  const newChat = useCallback(async () => {
    await convs.createNew();
    setSidebar(false);
  }, [convs]);

  const selected = convs.conversations.find((c) => c.id === convs.selectedId);
  const title = selected ? shownTitle(selected.title, t, t.newChat) : t.chat;

  let body;
  if (convs.status === 'error' && convs.error) {
    body = (
      <div className="docent-state docent-error" role="alert">
        <strong>{t.chatUnavailable}</strong>
        <p>{convs.error.refused ?? t[convs.error.text]}</p>
        <button type="button" className="docent-button" onClick={() => void convs.init()}>
          {t.retry}
        </button>
      </div>
    );
  } else if (convs.status !== 'ready') {
    body = (
      <div className="docent-state" role="status">
        {t.initializing}
      </div>
    );
  } else if (!convs.selectedId) {
    body = (
      <div className="docent-state">
        <strong>{t.noConversationSelected}</strong>
        <p>{t.createOrSelect}</p>
        <button type="button" className="docent-button" onClick={() => void newChat()}>
          {t.newChat}
        </button>
      </div>
    );
  } else {
    body = (
      <ChatThread
        api={api}
        botId={botId}
        conversationId={convs.selectedId}
        visitorId={visitorId}
        mode="widget"
        onMessageSent={convs.refresh}
        onQuestionKept={convs.refresh}
        visible={open}
        intro={convs.bot ?? undefined}
      />
    );
  }

  return (
    <ChatTextsProvider value={language}>
      <div
        ref={panel}
        className="docent-panel"
        role="dialog"
        aria-modal="true"
        aria-label={t.chat}
        lang={language.lang}
        hidden={!open}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
      >
        <header className="docent-panel-head">
          <button
            ref={menuButton}
            type="button"
            className="docent-icon-button"
            onClick={() => setSidebar((s) => !s)}
            aria-label={t.conversations}
            aria-expanded={sidebar}
          >
            <MenuIcon />
          </button>
          <h2 className="docent-panel-title">{title}</h2>
          <button type="button" className="docent-icon-button docent-panel-close" onClick={onClose} aria-label={t.closeChat}>
            <CloseIcon />
          </button>
        </header>
        <div className="docent-panel-body">
          <div className="docent-panel-main" inert={sidebar || undefined}>
            {body}
          </div>
          <Sidebar
            boxRef={sidebarBox}
            open={sidebar}
            conversations={convs.conversations}
            selectedId={convs.selectedId}
            onSelect={(id) => {
              convs.select(id);
              setSidebar(false);
            }}
            onNew={() => void newChat()}
            onClose={() => setSidebar(false)}
          />
        </div>
      </div>
    </ChatTextsProvider>
  );
}
