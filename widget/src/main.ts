import '../../shared/src/chat/chat.css';
import './widget.css';
import { doc, ownScript, registry, whenReady, win } from './env';
import { mountWidget } from './mount';
import { panelScriptLoader } from './panelScript';

/**
 * Entry of widget.js: find every root (`#docent-chat`, `[data-docent-bot-id]`, `[data-bot-id]`),
 * or create one when the script tag itself names a bot, and mount each exactly once, even when
 * the page loads this script twice. Pages that add or remove roots later (single-page apps) use
 * the global `window.DocentChat` (see widget/README.md).
 */
const script = ownScript();
const scriptUrl = script?.src || '';
const scriptOrigin = scriptUrl ? new URL(scriptUrl).origin : location.origin;
const cssUrl = scriptUrl ? new URL('widget.css', scriptUrl).href : null;
const nonce = script?.getAttribute('data-nonce') || script?.nonce || undefined;
// The chat panel is its own file beside this one, loaded on demand (panelScript.ts).
const loadPanel = panelScriptLoader(scriptUrl ? new URL('widget-panel.js', scriptUrl).href : 'widget-panel.js', nonce);

const botIdOf = (el: Element) => el.getAttribute('data-docent-bot-id') || el.getAttribute('data-bot-id') || '';

function roots(): HTMLElement[] {
  const found = [...doc().querySelectorAll<HTMLElement>('#docent-chat, [data-docent-bot-id], [data-bot-id]')].filter(
    (el) => el.tagName !== 'SCRIPT' && el.tagName !== 'LINK',
  );
  if (!found.length && script && botIdOf(script)) {
    const host = doc().createElement('div');
    host.id = 'docent-chat';
    host.setAttribute('data-bot-id', botIdOf(script));
    doc().body.appendChild(host);
    found.push(host);
  }
  return found;
}

function mount(root: Element): void {
  const { mounted } = registry();
  if (!(root instanceof HTMLElement) || mounted.has(root) || root.shadowRoot) return;
  // Hosts a page dropped without unmount(): stop them and free their place in the stack.
  for (const [el, m] of mounted) {
    if (!el.isConnected) {
      m.teardown();
      mounted.delete(el);
    }
  }
  const botId = botIdOf(root) || (script ? botIdOf(script) : '');
  if (!botId) {
    console.error('[docent] widget root without data-bot-id', root);
    return;
  }
  const used = new Set([...mounted.values()].map((m) => m.slot));
  let slot = 0;
  while (used.has(slot)) slot++;
  const apiBase = root.getAttribute('data-api-base') || script?.getAttribute('data-api-base') || scriptOrigin;
  mounted.set(root, { slot, teardown: mountWidget(root, { botId, apiBase, cssUrl, nonce, slot, loadPanel }) });
}

function unmount(root?: Element): void {
  const { mounted } = registry();
  for (const [el, m] of [...mounted]) {
    if (root && el !== root) continue;
    mounted.delete(el);
    m.teardown();
    el.remove();
  }
}

/** The page-facing API: `DocentChat.mount(el?)` and `DocentChat.unmount(el?)` (no argument: every root). */
export interface DocentChatApi {
  mount(root?: Element): void;
  unmount(root?: Element): void;
}
const api: DocentChatApi = {
  mount: (root) => (root ? mount(root) : roots().forEach(mount)),
  unmount,
};
const w = window as unknown as { DocentChat?: DocentChatApi };
w.DocentChat ??= api;

/**
 * Once the page has loaded and the browser is idle, fetch and run the panel so the first open is
 * instant; `data-prefetch="false"` on the script tag leaves it to the first open (or the pointer
 * nearing the bubble).
 */
function prefetchWhenIdle(): void {
  if (script?.getAttribute('data-prefetch') === 'false') return;
  const w = win() as Window & { requestIdleCallback?: (fn: () => void, opts?: { timeout: number }) => number };
  const warm = () => {
    // The page may be gone by the time the idle callback runs (a frame detached, a test's document
    // torn down): nothing to warm then.
    if (typeof window === 'undefined') return;
    if (registry().mounted.size) loadPanel().catch(() => {}); // a failure shows (and is retried) on open
  };
  const idle = () => (w.requestIdleCallback ? w.requestIdleCallback(warm, { timeout: 5000 }) : setTimeout(warm, 1500));
  if (doc().readyState === 'complete') idle();
  else w.addEventListener('load', idle, { once: true });
}

whenReady(() => {
  api.mount();
  prefetchWhenIdle();
});
