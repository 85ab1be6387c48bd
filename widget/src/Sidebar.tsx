import type { Conversation } from '../../shared/src/api/types';
import { CloseIcon, PlusIcon } from '../../shared/src/chat/icons';
import { formatDate } from '../../shared/src/dates';
import { NEW_CHAT_TITLE } from './useConversations';

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
  return (
    <>
      <div className={`docent-overlay${open ? ' docent-overlay-open' : ''}`} onClick={onClose} aria-hidden="true" />
      <nav
        ref={boxRef}
        className={`docent-sidebar${open ? ' docent-sidebar-open' : ''}`}
        aria-label="Conversations"
        aria-hidden={!open}
        inert={!open || undefined}
      >
        <div className="docent-sidebar-head">
          <h3>Conversations</h3>
          <button type="button" className="docent-icon-button" onClick={onNew} aria-label="New chat" title="New chat">
            <PlusIcon />
          </button>
        </div>
        {conversations.length === 0 ? (
          <p className="docent-empty">No conversations yet</p>
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
                  <span className="docent-conv-title">{c.title?.trim() || NEW_CHAT_TITLE}</span>
                  <span className="docent-conv-date">{formatDate(c.created_at)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="docent-close-menu" onClick={onClose}>
          <CloseIcon /> Close Menu
        </button>
      </nav>
    </>
  );
}
