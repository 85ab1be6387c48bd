import { Link, NavLink, useLocation } from 'react-router-dom';
import type { SessionUser } from '../auth/session';
import { useChatbots } from '../chatbots/queries';
import { Logo } from '../ui/Logo';
import { Spinner } from '../ui/Spinner';
import { ThemeToggle } from '../ui/ThemeToggle';
import { BotIcon, GridIcon, LogoutIcon, PlusIcon } from '../ui/icons';

const RECENT_COUNT = 5;

/** 'All Chatbots' covers /app (the index form), the list and the detail pages. */
export function isAllChatbotsActive(pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '');
  if (p === '/app' || p === '/app/chatbots') return true;
  return /^\/app\/chatbots\/[^/]+$/.test(p) && !/\/(new|create)$/.test(p);
}

/** The /app navigation: 280px column at ≥1024px, a slide-in drawer below. */
export function Sidebar({ id, open, onLogout, user }: { id: string; open: boolean; onLogout: () => void; user: SessionUser | null }) {
  const { pathname } = useLocation();
  const { data: chatbots, isLoading, error } = useChatbots();
  const recent = [...(chatbots ?? [])].sort((a, b) => (a.name || '').localeCompare(b.name || '')).slice(0, RECENT_COUNT);
  const allActive = isAllChatbotsActive(pathname);
  const newActive = /^\/app\/chatbots\/(new|create)\/?$/.test(pathname);

  return (
    <aside id={id} className={`app-sidebar${open ? ' is-open' : ''}`} aria-label="Main navigation">
      <div className="sidebar-brand">
        <Logo to="/app/chatbots" />
      </div>
      <nav className="sidebar-nav" aria-label="Dashboard">
        <Link to="/app/chatbots" className={`sidebar-link${allActive ? ' is-active' : ''}`} aria-current={allActive ? 'page' : undefined}>
          <GridIcon /> All Chatbots
        </Link>
        <Link
          to="/app/chatbots/create"
          className={`sidebar-link${newActive ? ' is-active' : ''}`}
          aria-current={newActive ? 'page' : undefined}
        >
          <PlusIcon /> New Chatbot
        </Link>
      </nav>
      <section className="sidebar-recent" aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="sidebar-heading">
          Recent Chatbots
        </h2>
        {isLoading ? (
          <div className="sidebar-loading">
            <Spinner size="sm" label="Loading chatbots" />
          </div>
        ) : error ? (
          <p className="sidebar-empty error-text">Failed to load chatbots. Please try again later.</p>
        ) : recent.length === 0 ? (
          <p className="sidebar-empty">No chatbots created yet.</p>
        ) : (
          <ul className="sidebar-list">
            {recent.map((bot) => (
              <li key={bot.id}>
                <NavLink
                  to={`/app/chatbots/${bot.id}`}
                  className={({ isActive }) => `sidebar-link sidebar-link-sm${isActive ? ' is-active' : ''}`}
                >
                  <BotIcon size={16} />
                  <span className="truncate">{bot.name || 'Untitled Chatbot'}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="sidebar-footer">
        {user && (
          <div className="sidebar-user" title={user.email ?? undefined}>
            <span className="avatar" aria-hidden="true">
              {(user.displayName || user.email || '?').slice(0, 1).toUpperCase()}
            </span>
            <span className="truncate">{user.displayName || user.email}</span>
          </div>
        )}
        <div className="sidebar-footer-actions">
          <ThemeToggle className="btn btn-ghost btn-sm" withLabel />
          <button type="button" className="btn btn-ghost btn-sm" onClick={onLogout}>
            <LogoutIcon size={16} /> Logout
          </button>
        </div>
      </div>
    </aside>
  );
}
