import { cleanup, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { SWR_OPTIONS } from '../swrOptions';
import { ToastProvider } from '../ui/toast';

// Without vitest globals Testing Library cannot clean up by itself.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Shows the current location so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" hidden>
      {location.pathname + location.search}
    </div>
  );
}

/** Renders `element` at `path` (route pattern) for `url`, with a fresh SWR cache and toasts. */
export function renderAt(element: ReactElement, { url = '/', path = '*' }: { url?: string; path?: string } = {}) {
  return render(
    <SWRConfig value={{ ...SWR_OPTIONS, provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}
