import { render, type ComponentChild } from 'preact';
import { createVisitorClient } from '../../shared/src/api/client';
import { Widget } from './Widget';

export interface MountOptions {
  botId: string;
  apiBase: string;
  /** widget.css to load inside the shadow root; null renders at once without it (tests). */
  cssUrl: string | null;
  /** CSP nonce for the stylesheet link, when the page's policy asks for one. */
  nonce?: string;
  /** Place in the stack of launchers when several bots share a page (0 = bottom right). */
  slot?: number;
}

/**
 * Renders the widget into an open shadow root on host. Page CSS cannot reach inside; the widget's
 * CSS, loaded into the shadow root, cannot leak out. Returns a teardown function.
 */
export function mountWidget(host: HTMLElement, options: MountOptions): () => void {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  // Inline !important beats a page's `div {display:none !important}` (or `* {all: unset !important}`)
  // aimed at the host element; transform/filter/contain on it would re-anchor the fixed launcher.
  const guard = { display: 'block', visibility: 'visible', position: 'static', transform: 'none', filter: 'none', contain: 'none', opacity: '1' };
  for (const [name, value] of Object.entries(guard)) host.style.setProperty(name, value, 'important');
  host.setAttribute('data-docent-mounted', '');

  const container = document.createElement('div');
  container.className = 'docent-container';
  // Each further widget on the page sits one launcher higher (widget.css reads --docent-slot).
  if (options.slot) container.style.setProperty('--docent-slot', String(options.slot));
  if (options.cssUrl) {
    const link = document.createElement('link');
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
  shadow.appendChild(container);

  const api = createVisitorClient({ baseUrl: options.apiBase });
  // The widget is Preact (react is aliased to preact/compat in the build); React's JSX types differ.
  render((<Widget api={api} botId={options.botId} />) as unknown as ComponentChild, container);
  return () => {
    render(null, container);
    shadow.replaceChildren();
    host.removeAttribute('data-docent-mounted');
  };
}
