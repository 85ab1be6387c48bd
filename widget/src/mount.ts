import { pageIsDark, watchPageTheme } from '../../shared/src/chat/browser';
import { doc } from './env';
import { START_TEXTS } from '../../shared/src/messages/start';
import { firstLanguage, rememberLanguage } from './firstLanguage';
import { CHAT_ICON, CLOSE_ICON } from './launcherIcons';
import type { PanelLoader, PanelModule } from './panelContract';

export interface MountOptions {
  botId: string;
  apiBase: string;
  /** widget.css to load inside the shadow root; null renders at once without it (tests). */
  cssUrl: string | null;
  /** Brings the chat panel (widget-panel.js); called on first open, or earlier to warm it. */
  loadPanel: PanelLoader;
  /** CSP nonce for the stylesheet link, when the page's policy asks for one. */
  nonce?: string;
  /** Place in the stack of launchers when several bots share a page (0 = bottom right). */
  slot?: number;
}

/** How close (px) the pointer comes to the bubble before the panel is fetched, so the click finds it ready. */
const NEAR_PX = 160;

/**
 * Renders the launcher into an open shadow root on host, as plain DOM (no framework: it must paint
 * from a few KB). The chat panel is loaded on first open (or warmed when the pointer nears the bubble)
 * and rendered beside it. Page CSS cannot reach inside; the widget's CSS, loaded into the shadow root,
 * cannot leak out. Returns a teardown function.
 */
export function mountWidget(host: HTMLElement, options: MountOptions): () => void {
  const d = doc();
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  // Inline !important beats a page's `div {display:none !important}` (or `* {all: unset !important}`)
  // aimed at the host element; transform/filter/contain on it would re-anchor the fixed launcher.
  const guard = {
    display: 'block',
    visibility: 'visible',
    position: 'static',
    transform: 'none',
    filter: 'none',
    contain: 'none',
    opacity: '1',
  };
  for (const [name, value] of Object.entries(guard)) host.style.setProperty(name, value, 'important');
  host.setAttribute('data-docent-mounted', '');

  const container = d.createElement('div');
  container.className = 'docent-container';
  // Each further widget on the page sits one launcher higher (widget.css reads --docent-slot).
  if (options.slot) container.style.setProperty('--docent-slot', String(options.slot));
  if (options.cssUrl) {
    const link = d.createElement('link');
    link.rel = 'stylesheet';
    link.href = options.cssUrl;
    if (options.nonce) link.nonce = options.nonce;
    // Stay hidden (the UA's [hidden] rule needs no CSS of ours) until styled, so nothing flashes unstyled.
    container.hidden = true;
    link.addEventListener('load', () => (container.hidden = false), { once: true });
    // Without its stylesheet the widget is plain, but a visitor can still reach it.
    link.addEventListener(
      'error',
      () => {
        console.warn('[docent] could not load', options.cssUrl, '- showing the chat unstyled');
        container.hidden = false;
      },
      { once: true },
    );
    shadow.appendChild(link);
  }

  const root = d.createElement('div');
  const panelSlot = d.createElement('div');
  const launcher = d.createElement('button');
  launcher.type = 'button';
  launcher.className = 'docent-launcher';
  root.append(panelSlot, launcher);
  container.appendChild(root);
  shadow.appendChild(container);

  let open = false;
  let alive = true;
  // Set on first open; from then on the panel stays mounted (hidden when closed) so a streaming answer survives closing.
  let panel: PanelModule | null = null;
  let loading = false;

  // The bot's language as best known before its info arrives (firstLanguage.ts): the launcher's
  // label and the panel's first texts are in it; the panel tells the real one once it knows (onLanguage).
  const lang = firstLanguage(options.botId);
  const start = { lang, texts: START_TEXTS[lang] };
  let words: { openChat: string; closeChat: string } = start.texts;
  launcher.lang = lang;
  const label = () => launcher.setAttribute('aria-label', open ? words.closeChat : words.openChat);
  const onLanguage = (botLang: string, texts: typeof words) => {
    words = texts;
    launcher.lang = botLang;
    rememberLanguage(options.botId, botLang);
    label();
  };
  const paint = () => {
    root.className = `docent-root${pageIsDark() ? ' docent-dark' : ''}${open ? ' docent-is-open' : ''}`;
    label();
    launcher.setAttribute('aria-expanded', String(open));
    launcher.innerHTML = open ? CLOSE_ICON : CHAT_ICON;
    panel?.render(panelSlot, { apiBase: options.apiBase, botId: options.botId, open, onClose: close, onLanguage, start });
  };
  const close = () => {
    open = false;
    paint();
    launcher.focus();
  };
  const toggle = async () => {
    if (!panel) {
      if (loading) return;
      loading = true;
      launcher.setAttribute('aria-busy', 'true');
      try {
        const loaded = await options.loadPanel();
        if (alive) panel = loaded;
      } catch (err) {
        console.error('[docent] could not load the chat panel', err);
      } finally {
        loading = false;
        launcher.removeAttribute('aria-busy');
      }
      if (!panel) return;
    }
    open = !open;
    paint();
  };

  const warm = () => {
    stopWarming();
    options.loadPanel().catch(() => {}); // a failure shows (and is retried) on the click itself
  };
  const onPointerMove = (e: PointerEvent) => {
    const r = launcher.getBoundingClientRect();
    const dx = Math.max(r.left - e.clientX, 0, e.clientX - r.right);
    const dy = Math.max(r.top - e.clientY, 0, e.clientY - r.bottom);
    if (dx * dx + dy * dy < NEAR_PX * NEAR_PX) warm();
  };
  const stopWarming = () => {
    d.removeEventListener('pointermove', onPointerMove);
    launcher.removeEventListener('focus', warm);
    launcher.removeEventListener('touchstart', warm);
  };
  d.addEventListener('pointermove', onPointerMove, { passive: true });
  launcher.addEventListener('focus', warm);
  launcher.addEventListener('touchstart', warm, { passive: true });

  launcher.addEventListener('click', () => void toggle());
  // Escape closes from the launcher too (the panel handles it for focus inside).
  launcher.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    }
  });
  const stopTheme = watchPageTheme(paint);
  paint();

  return () => {
    alive = false;
    stopWarming();
    stopTheme();
    panel?.unmount(panelSlot);
    shadow.replaceChildren();
    host.removeAttribute('data-docent-mounted');
  };
}
