import '../../shared/src/chat/chat.css';
import './widget.css';
import { doc, ownScript, registry, whenReady } from './env';
import { mountWidget } from './mount';

/**
 * Entry of widget.js: find every root (`#docent-chat`, `[data-docent-bot-id]`, `[data-bot-id]`),
 * or create one when the script tag itself names a bot, and mount each exactly once, even when
 * the page loads this script twice.
 */
const script = ownScript();
const scriptUrl = script?.src || '';
const scriptOrigin = scriptUrl ? new URL(scriptUrl).origin : location.origin;
const cssUrl = scriptUrl ? new URL('widget.css', scriptUrl).href : null;

const botIdOf = (el: HTMLElement) => el.getAttribute('data-docent-bot-id') || el.getAttribute('data-bot-id') || '';

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

function mountAll(): void {
  const seen = registry().roots;
  for (const root of roots()) {
    if (seen.has(root) || root.hasAttribute('data-docent-mounted') || root.shadowRoot) continue;
    const botId = botIdOf(root) || (script ? botIdOf(script) : '');
    if (!botId) {
      console.error('[docent] widget root without data-bot-id', root);
      continue;
    }
    seen.add(root);
    const apiBase = root.getAttribute('data-api-base') || script?.getAttribute('data-api-base') || scriptOrigin;
    const nonce = script?.getAttribute('data-nonce') || script?.nonce || undefined;
    mountWidget(root, { botId, apiBase, cssUrl, nonce });
  }
}

whenReady(mountAll);
