import { waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chat as german } from '../../shared/src/messages/de';
import { mountWidget } from '../src/mount';
import { panelModule } from '../src/panelModule';
import { fakeVisitorServer } from './fakeFetch';

/** Issue 38: the widget speaks the bot's language, from the texts the server sends with the bot's info. */
let host: HTMLElement;
let unmount: () => void;
let server: ReturnType<typeof fakeVisitorServer>;

async function open() {
  host = document.createElement('div');
  document.body.appendChild(host);
  unmount = mountWidget(host, { botId: 'bot-1', apiBase: 'http://api.test', cssUrl: null, loadPanel: async () => panelModule });
  await waitFor(() => host.shadowRoot!.querySelector<HTMLElement>('.docent-launcher')!.click());
  return host.shadowRoot!;
}

/** The element, once the panel has rendered it. */
const find = <T extends Element>(root: ShadowRoot, selector: string) =>
  waitFor(() => {
    const el = root.querySelector<T>(selector);
    if (!el) throw new Error(`no ${selector} yet`);
    return el;
  });

beforeEach(() => {
  server = fakeVisitorServer();
  vi.stubGlobal('fetch', server.fetch);
  localStorage.clear();
});
afterEach(() => {
  unmount?.();
  host?.remove();
  vi.unstubAllGlobals();
});

describe('widget language', () => {
  it("shows a German bot's fixed texts in German, its default conversation title included", async () => {
    server.state.bot = { ...server.state.bot, language: 'de', texts: german } as typeof server.state.bot;
    const root = await open();
    const input = await find<HTMLTextAreaElement>(root, '.docent-input');
    expect(input.placeholder).toBe('Nachricht eingeben...');
    expect(root.querySelector('.docent-send')!.getAttribute('aria-label')).toBe('Nachricht senden');
    expect(root.querySelector('.docent-empty-thread')!.textContent).toBe('Senden Sie eine Nachricht, um die Unterhaltung zu beginnen.');
    // The server stored 'New Chat' (the spec's title, which it renames after the first question).
    expect(root.querySelector('.docent-panel-title')!.textContent).toBe('Neuer Chat');
    expect(root.querySelector('.docent-sidebar h3')!.textContent).toBe('Unterhaltungen');
    expect(root.querySelector('.docent-panel')!.getAttribute('lang')).toBe('de');
    // The launcher (which carries no catalogue) learns the words from the panel.
    const launcher = root.querySelector('.docent-launcher')!;
    await waitFor(() => expect(launcher.getAttribute('aria-label')).toBe('Chat schließen'));
    expect(launcher.getAttribute('lang')).toBe('de');
  });

  it('stays in English for an English bot, whose info carries no texts', async () => {
    const root = await open();
    const input = await find<HTMLTextAreaElement>(root, '.docent-input');
    expect(input.placeholder).toBe('Type your message...');
    expect(root.querySelector('.docent-panel-title')!.textContent).toBe('New Chat');
    expect(root.querySelector('.docent-launcher')!.getAttribute('aria-label')).toBe('Close chat');
  });
});
