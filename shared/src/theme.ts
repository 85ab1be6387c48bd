/**
 * The light/dark theme of Docent's own pages (dashboard and /chat), in one place: the stored choice
 * under localStorage 'theme' (spec §3) wins, else the system preference. The `dark` class on <html>
 * and its color-scheme carry it; a change made anywhere (the dashboard's toggle, the /chat header's)
 * is announced so every toggle on the page follows. The pre-paint script (dashboard/index.html loads
 * /theme-init.js) is this module's `paintTheme`, built from here by dashboard/vite.config.ts.
 */
import { safeStorage, type KeyValueStore } from './storage';

export type Theme = 'dark' | 'light';

/** localStorage key of the theme preference: 'dark' or 'light'; unset follows the system. */
export const THEME_KEY = 'theme';

const CHANGED = 'docent-theme-change';

const pageStore = (): KeyValueStore => safeStorage(() => window.localStorage);

export function storedTheme(store: KeyValueStore = pageStore()): Theme | null {
  const value = store.getItem(THEME_KEY);
  return value === 'dark' || value === 'light' ? value : null;
}

const systemDark = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;

/** The theme in effect: the stored choice, else the system preference. */
export function resolveTheme(store?: KeyValueStore): Theme {
  return storedTheme(store) ?? (systemDark() ? 'dark' : 'light');
}

/** Puts the theme on <html>: the `dark` class (and none left on <body>) and the color-scheme. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  if (theme === 'light') document.body?.classList.remove('dark');
  root.style.colorScheme = theme;
}

/** Stores and applies an explicit choice, and tells every watcher. */
export function setTheme(theme: Theme, store: KeyValueStore = pageStore()): void {
  store.setItem(THEME_KEY, theme);
  applyTheme(theme);
  document.dispatchEvent(new Event(CHANGED));
}

/** Calls back when the theme changes: set on this page, or the system's while nothing is stored. */
export function watchTheme(onChange: () => void, store?: KeyValueStore): () => void {
  document.addEventListener(CHANGED, onChange);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;
  const onSystem = () => {
    if (storedTheme(store)) return;
    applyTheme(resolveTheme(store));
    onChange();
  };
  media?.addEventListener?.('change', onSystem);
  return () => {
    document.removeEventListener(CHANGED, onChange);
    media?.removeEventListener?.('change', onSystem);
  };
}

/** Before the first paint: applies the stored or system theme, so the page never flashes the wrong one. */
export function paintTheme(): void {
  let theme: Theme = 'light';
  try {
    theme = resolveTheme();
  } catch {
    // no storage, no matchMedia: light
  }
  applyTheme(theme);
}
