import type { Conversation } from '../../shared/src/api/types';
import { CloseIcon, PlusIcon } from '../../shared/src/chat/icons';
import { formatDate } from '../../shared/src/dates';
import { shownTitle, useChatTexts } from '../../shared/src/chat/texts';

interface SidebarProps {
  open: boolean;
  conversations: Conversation[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
  onClose: () => void;
  boxRef?: { current: HTMLElement | null };
}

/** The slide-out 'Conversations' list; a click on the overlay (outside it) closes it. */
export function Sidebar({ open, conversations, selectedId, onSelect, onNew, onClose, boxRef }: SidebarProps) {
  const { t, lang } = useChatTexts();
  return (
    <>
      <div className={`docent-overlay${open ? ' docent-overlay-open' : ''}`} onClick={onClose} aria-hidden="true" />
      <nav
        ref={boxRef}
        className={`docent-sidebar${open ? ' docent-sidebar-open' : ''}`}
        aria-label={t.conversations}
        aria-hidden={!open}
        inert={!open || undefined}
      >
        <div className="docent-sidebar-head">
          <h3>{t.conversations}</h3>
          <button type="button" className="docent-icon-button" onClick={onNew} aria-label={t.newChatLabel} title={t.newChatLabel}>
            <PlusIcon />
          </button>
        </div>
        {conversations.length === 0 ? (
          <p className="docent-empty">{t.noConversations}</p>
        ) : (
          <ul className="docent-conv-list">
            {conversations.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`docent-conv${c.id === selectedId ? ' docent-conv-active' : ''}`}
                  aria-current={c.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(c.id)}
                >
                  <span className="docent-conv-title">{shownTitle(c.title, t, t.newChat)}</span>
                  <span className="docent-conv-date">{formatDate(c.created_at, lang)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="docent-close-menu" onClick={onClose}>
          <CloseIcon /> {t.closeMenu}
        </button>
      </nav>
    </>
  );
}
