import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { finishLogout, LOGOUT_REDIRECT_MS, signOutUser, useAuth } from '../auth/session';
import { Logo } from '../ui/Logo';
import { FullScreenSpinner } from '../ui/Spinner';
import { ThemeToggle } from '../ui/ThemeToggle';
import { CloseIcon, LogoutIcon, MenuIcon } from '../ui/icons';
import { Sidebar } from './Sidebar';

/** The protected /app area: auth guard, top bar below 1024px, sidebar or drawer, page outlet. */
export default function AppLayout() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { mutate } = useSWRConfig();

  // The drawer closes whenever the route changes.
  useEffect(() => setDrawerOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!drawerOpen) return;
    // Keyboard users land inside the drawer they just opened.
    document.querySelector<HTMLElement>('#app-sidebar .sidebar-nav a')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  useEffect(() => {
    if (!auth.loggingOut) return;
    const timer = setTimeout(() => {
      finishLogout();
      navigate('/login', { replace: true });
    }, LOGOUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [auth.loggingOut, navigate]);

  if (auth.loggingOut) {
    return (
      <div className="fullscreen-center" role="status">
        <div>
          <h1 className="logout-title">You have been logged out</h1>
          <p className="muted">Taking you to the login page…</p>
        </div>
      </div>
    );
  }
  if (auth.status === 'idle' || auth.status === 'loading') return <FullScreenSpinner label="Checking your sign-in" />;
  // After sign-in the user comes back to the page they asked for (e.g. the wizard with its url).
  if (auth.status !== 'signedIn') return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;

  const logout = () => {
    // The next user must not see this user's cached chatbots.
    void mutate(() => true, undefined, { revalidate: false });
    void signOutUser();
  };

  return (
    <div className="app-shell">
      <a className="skip-link" href="#app-main">
        Skip to content
      </a>
      <header className="app-topbar">
        <button
          type="button"
          className="icon-button"
          aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={drawerOpen}
          aria-controls="app-sidebar"
          onClick={() => setDrawerOpen((o) => !o)}
        >
          {drawerOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Logo to="/app/chatbots" />
        <div className="app-topbar-actions">
          <ThemeToggle />
          <button type="button" className="icon-button" aria-label="Logout" title="Logout" onClick={logout}>
            <LogoutIcon />
          </button>
        </div>
      </header>
      {drawerOpen && <div className="drawer-overlay" aria-hidden="true" onClick={() => setDrawerOpen(false)} />}
      <Sidebar id="app-sidebar" open={drawerOpen} onLogout={logout} user={auth.user} />
      <main id="app-main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
