import { expect, vi } from 'vitest';

/**
 * A page for the bundle's entry, as the bootstrap tests need it: script tags, a fresh run of
 * widget.js (a new module each time, like a second <script>), and the panel script's delivery.
 */
export async function runScript() {
  vi.resetModules();
  await import('../src/main');
}

export function addScript(attrs: Record<string, string> = {}) {
  const s = document.createElement('script');
  s.src = 'https://cdn.docent.test/widget/widget.js';
  for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, v);
  document.head.appendChild(s);
  return s;
}

/** The panel script the launcher added to the page (jsdom does not fetch it), if any. */
export const panelScript = () => document.head.querySelector<HTMLScriptElement>('script[src$="widget-panel.js"]');

/** Plays the browser's part: runs widget-panel.js's entry, then fires the tag's load event. */
export async function deliverPanel() {
  await vi.waitFor(() => expect(panelScript()).toBeTruthy());
  await import('../src/panelEntry');
  panelScript()!.dispatchEvent(new Event('load'));
}

type DocentChat = { mount(root?: Element): void; unmount(root?: Element): void };
export const globals = window as unknown as { DocentChat?: DocentChat; __docentWidget__?: unknown };

/** Every widget gone, every global and tag removed: a fresh page. */
export function resetPage() {
  globals.DocentChat?.unmount();
  delete globals.DocentChat;
  delete globals.__docentWidget__;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  localStorage.clear();
}
