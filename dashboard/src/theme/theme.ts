import { useCallback, useSyncExternalStore } from 'react';
import { localStore } from '../storage';

export type Theme = 'dark' | 'light';

/** localStorage key of the theme preference (spec §3): 'dark' or 'light'; unset follows the system. */
export const THEME_KEY = 'theme';

const listeners = new Set<() => void>();

function readStored(): Theme | null {
  const value = localStore.getItem(THEME_KEY);
  return value === 'dark' || value === 'light' ? value : null;
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** The theme in effect: the stored choice, else the system preference. */
export function resolveTheme(): Theme {
  return readStored() ?? (systemPrefersDark() ? 'dark' : 'light');
}

/** Puts the `dark` class on <html> (what public/theme-init.js does before first paint). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** Stores and applies an explicit choice. */
export function setTheme(theme: Theme): void {
  localStore.setItem(THEME_KEY, theme);
  applyTheme(theme);
  listeners.forEach((l) => l());
}

let watchingSystem = false;
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!watchingSystem && typeof window.matchMedia === 'function') {
    watchingSystem = true;
    // With no stored choice the page follows the system as it changes.
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => {
      if (readStored()) return;
      applyTheme(resolveTheme());
      listeners.forEach((l) => l());
    });
  }
  return () => listeners.delete(listener);
}

/** The current theme and a toggle, shared by every toggle on the page. */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, resolveTheme, () => 'light' as Theme);
  const toggle = useCallback(() => setTheme(resolveTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggle };
}
