import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, updated live; false where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener?.('change', onChange);
      return () => mql.removeEventListener?.('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Below the spec's narrow-screen breakpoint (640px): shorter labels. */
export const useNarrowScreen = () => useMediaQuery('(max-width: 639px)');
