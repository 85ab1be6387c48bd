import { useEffect, useState } from 'react';
import { pageIsDark, watchPageTheme } from './browser';

/** Whether the page is dark (its `dark` class), kept live. */
export function usePageDark(): boolean {
  const [dark, setDark] = useState(pageIsDark);
  useEffect(() => {
    const update = () => setDark(pageIsDark());
    // Re-read on subscribe: the class may have changed between the first render and this effect.
    update();
    return watchPageTheme(update);
  }, []);
  return dark;
}
