import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadRoute } from './App';
import './styles/base.css';
import './styles/layout.css';
import './styles/pages.css';
import './styles/sources.css';

// The /app area and /login wait for the sign-in service (the runtime configuration, then Firebase
// and the stored session) before they show anything: start it now, beside React and the route's
// own code, instead of once the layout's code has loaded and rendered. Other pages never load it.
if (/^\/(app|login)(\/|$)/.test(window.location.pathname)) {
  void import('./auth/session').then((session) => session.startAuth()).catch(() => {});
}
// The page's own code too, so it is here when the session is (lazyPage.ts).
preloadRoute(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
