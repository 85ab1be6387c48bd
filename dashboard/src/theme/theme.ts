import { useCallback, useSyncExternalStore } from 'react';
import { resolveTheme as resolveWith, setTheme as setWith, THEME_KEY, watchTheme, applyTheme, type Theme } from '../../../shared/src/theme';
import { localStore } from '../storage';

/** The dashboard's view of the one theme module (shared/src/theme.ts), on its own storage door. */
export { applyTheme, THEME_KEY, type Theme };

/** The theme in effect: the stored choice, else the system preference. */
export const resolveTheme = (): Theme => resolveWith(localStore);

/** Stores and applies an explicit choice. */
export const setTheme = (theme: Theme): void => setWith(theme, localStore);

const subscribe = (listener: () => void) => watchTheme(listener, localStore);

/** The current theme and a toggle, shared by every toggle on the page (and the /chat header's). */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, resolveTheme, () => 'light' as Theme);
  const toggle = useCallback(() => setTheme(resolveTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggle };
}
