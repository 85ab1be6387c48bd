/**
 * The chat thread's one door to browser globals (window, document, visual viewport), so tests
 * and non-browser renders have a single seam.
 */
import { setTheme } from '../theme';

export const hasWindow = () => typeof window !== 'undefined';

export function viewportWidth(): number {
  return hasWindow() ? window.innerWidth : 1024;
}

/** True when the page (html or body) carries the `dark` class. */
export function pageIsDark(): boolean {
  if (typeof document === 'undefined') return false;
  return document.documentElement.classList.contains('dark') || !!document.body?.classList.contains('dark');
}

/** Calls back whenever the page's `dark` class may have changed. */
export function watchPageTheme(onChange: () => void): () => void {
  if (typeof MutationObserver === 'undefined' || typeof document === 'undefined') return () => {};
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  if (document.body) observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** Flips the page's theme (the /chat header's toggle), through the one theme module. */
export function togglePageTheme(): void {
  setTheme(pageIsDark() ? 'light' : 'dark');
}

/** Calls back on window resizes and visual-viewport resizes (the on-screen keyboard). */
export function watchViewport(onResize: () => void): () => void {
  if (!hasWindow()) return () => {};
  const vv = window.visualViewport;
  window.addEventListener('resize', onResize);
  vv?.addEventListener('resize', onResize);
  return () => {
    vv?.removeEventListener('resize', onResize);
    // A cleanup can run after the page is gone (a test's document torn down while an effect was pending).
    if (hasWindow()) window.removeEventListener('resize', onResize);
  };
}

/** The spec's keyboard rule: the visual viewport is under 75% of the window height. */
export function keyboardLooksOpen(): boolean {
  if (!hasWindow() || !window.visualViewport) return false;
  return window.visualViewport.height < window.innerHeight * 0.75;
}
