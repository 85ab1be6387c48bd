import { waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chat as german } from '../../shared/src/messages/de';
import { mountWidget } from '../src/mount';
import { panelModule } from '../src/panelModule';
import { fakeVisitorServer } from './fakeFetch';

/**
 * Issue 38: the widget speaks the bot's language, from the texts the server sends with the bot's info,
 * and from its first paint (the launcher's guess, messages/start.ts) before that info has come.
 */
let host: HTMLElement;
let unmount: () => void;
let server: ReturnType<typeof fakeVisitorServer>;

/** Mounts the widget (its first paint: the launcher alone) and returns its shadow root. */
function mount() {
  host = document.createElement('div');
  document.body.appendChild(host);
  unmount = mountWidget(host, { botId: 'bot-1', apiBase: 'http://api.test', cssUrl: null, loadPanel: async () => panelModule });
  return host.shadowRoot!;
}

async function open() {
  const root = mount();
  await waitFor(() => root.querySelector<HTMLElement>('.docent-launcher')!.click());
  return root;
}

/** Holds every request until release(): the panel shows what it shows before the bot's info arrives. */
function holdRequests(answer: typeof fetch = server.fetch) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', (async (...args: Parameters<typeof fetch>) => {
    await gate;
    return answer(...args);
  }) as typeof fetch);
  return release;
}

const germanBot = () => {
  server.state.bot = { ...server.state.bot, language: 'de', texts: german } as typeof server.state.bot;
};
const attr = (root: ShadowRoot, selector: string, name: string) => root.querySelector(selector)!.getAttribute(name);

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
  document.documentElement.removeAttribute('lang');
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
    // The conversation's date as German writes it (the fake server's conversations start 14 March 2025).
    expect(root.querySelector('.docent-conv-date')!.textContent).toBe('14. März 2025');
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

  it("speaks a German bot's language from the first paint, before its info has come, on a German page", async () => {
    document.documentElement.lang = 'de-DE';
    germanBot();
    const release = holdRequests();
    const root = mount();
    // The launcher, before anything is loaded or asked.
    const launcher = root.querySelector('.docent-launcher')!;
    expect(launcher.getAttribute('aria-label')).toBe('Chat öffnen');
    expect(launcher.getAttribute('lang')).toBe('de');
    (launcher as HTMLElement).click();
    // The panel while the bot's info is on its way: loading state, header and sidebar in German.
    const status = await find<HTMLElement>(root, '.docent-state[role="status"]');
    expect(status.textContent).toBe('Chat wird gestartet...');
    expect(attr(root, '.docent-panel', 'lang')).toBe('de');
    expect(attr(root, '.docent-panel', 'aria-label')).toBe('Chat');
    expect(root.querySelector('.docent-panel-title')!.textContent).toBe('Chat');
    expect(attr(root, '.docent-panel-close', 'aria-label')).toBe('Chat schließen');
    expect(attr(root, '.docent-panel-head .docent-icon-button', 'aria-label')).toBe('Unterhaltungen');
    expect(root.querySelector('.docent-sidebar h3')!.textContent).toBe('Unterhaltungen');
    expect(attr(root, '.docent-sidebar-head button', 'aria-label')).toBe('Neuer Chat');
    expect(root.querySelector('.docent-empty')!.textContent).toBe('Noch keine Unterhaltungen');
    expect(root.querySelector('.docent-close-menu')!.textContent!.trim()).toBe('Menü schließen');
    expect(launcher.getAttribute('aria-label')).toBe('Chat schließen');
    release();
    expect((await find<HTMLTextAreaElement>(root, '.docent-input')).placeholder).toBe('Nachricht eingeben...');
    // Kept for the next page: a page that declares no language paints German at once.
    expect(localStorage.getItem('docent_language_bot-1')).toBe('de');
    unmount();
    host.remove();
    document.documentElement.removeAttribute('lang');
    expect(mount().querySelector('.docent-launcher')!.getAttribute('aria-label')).toBe('Chat öffnen');
  });

  it('shows a first open that fails before the bot is known in the guessed language, and a missing bot too', async () => {
    document.documentElement.lang = 'de';
    server.state.down = true;
    let root = await open();
    await find(root, '.docent-error');
    expect(root.querySelector('.docent-error strong')!.textContent).toBe('Chat nicht verfügbar');
    expect(root.querySelector('.docent-error p')!.textContent).toBe(
      'Der Chat ist gerade nicht verfügbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.',
    );
    expect(root.querySelector('.docent-error button')!.textContent).toBe('Erneut versuchen');
    unmount();
    host.remove();
    holdRequests(async () => new Response(JSON.stringify({ success: false, detail: 'Not found' }), { status: 404 }))();
    root = await open();
    await find(root, '.docent-error');
    expect(root.querySelector('.docent-error p')!.textContent).toBe('Dieser Chatbot ist nicht verfügbar.');
  });

  it('guesses from the browser when the page declares no language, and keeps English for a page in a language the catalogue lacks', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['ja-JP', 'fr-CA', 'de'] });
    expect(mount().querySelector('.docent-launcher')!.getAttribute('aria-label')).toBe('Ouvrir la discussion');
    unmount();
    host.remove();
    document.documentElement.lang = 'ja';
    expect(mount().querySelector('.docent-launcher')!.getAttribute('aria-label')).toBe('Open chat');
  });

  it("keeps the English texts word for word before and after an English bot's info arrives", async () => {
    document.documentElement.lang = 'en';
    const release = holdRequests();
    const root = mount();
    const launcher = root.querySelector('.docent-launcher')!;
    expect(launcher.getAttribute('aria-label')).toBe('Open chat');
    (launcher as HTMLElement).click();
    expect((await find<HTMLElement>(root, '.docent-state[role="status"]')).textContent).toBe('Initializing chat...');
    expect(root.querySelector('.docent-panel-title')!.textContent).toBe('Chat');
    expect(attr(root, '.docent-panel-close', 'aria-label')).toBe('Close chat');
    expect(attr(root, '.docent-panel-head .docent-icon-button', 'aria-label')).toBe('Conversations');
    expect(root.querySelector('.docent-empty')!.textContent).toBe('No conversations yet');
    expect(root.querySelector('.docent-close-menu')!.textContent!.trim()).toBe('Close Menu');
    release();
    expect((await find<HTMLTextAreaElement>(root, '.docent-input')).placeholder).toBe('Type your message...');
    expect(root.querySelector('.docent-panel-title')!.textContent).toBe('New Chat');
    expect(localStorage.getItem('docent_language_bot-1')).toBe('en');
  });

  it('an English bot on a German page ends in English once its info says so', async () => {
    document.documentElement.lang = 'de';
    const root = await open();
    expect((await find<HTMLTextAreaElement>(root, '.docent-input')).placeholder).toBe('Type your message...');
    await waitFor(() => expect(root.querySelector('.docent-launcher')!.getAttribute('aria-label')).toBe('Close chat'));
    expect(attr(root, '.docent-panel', 'lang')).toBe('en');
  });
});
