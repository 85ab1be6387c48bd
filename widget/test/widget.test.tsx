import { waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountWidget } from '../src/mount';
import { panelModule } from '../src/panelModule';
import { fakeVisitorServer } from './fakeFetch';

let host: HTMLElement;
let unmount: () => void;
let server: ReturnType<typeof fakeVisitorServer>;

function mount() {
  host = document.createElement('div');
  host.id = 'docent-chat';
  document.body.appendChild(host);
  unmount = mountWidget(host, { botId: 'bot-1', apiBase: 'http://api.test', cssUrl: null, loadPanel: async () => panelModule });
  return host.shadowRoot!;
}
const $ = <T extends Element = HTMLElement>(sel: string) => host.shadowRoot!.querySelector<T>(sel);
const buttonByText = (text: string) =>
  [...host.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement | undefined;
const key = (target: Element, k: string, init: KeyboardEventInit = {}) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, composed: true, ...init }));

beforeEach(() => {
  server = fakeVisitorServer();
  vi.stubGlobal('fetch', server.fetch);
  localStorage.clear();
});
afterEach(() => {
  unmount?.();
  host?.remove();
  vi.unstubAllGlobals();
  document.documentElement.classList.remove('dark');
});

describe('widget in a shadow root', () => {
  it('renders only a labelled launcher until opened, inside an open shadow root', async () => {
    const shadow = mount();
    expect(shadow.mode).toBe('open');
    await waitFor(() => expect($('.docent-launcher')).toBeTruthy());
    expect($('.docent-launcher')!.getAttribute('aria-label')).toBe('Open chat');
    expect($('.docent-panel')).toBeNull();
    expect(server.state.requests).toHaveLength(0);
    expect(localStorage.getItem('visitor_id')).toBeNull(); // nothing stored until the visitor opens the chat
    expect(document.querySelector('.docent-launcher')).toBeNull(); // nothing leaks into the page DOM
  });

  it("first open with no conversations creates 'New Chat', selects it and shows the thread", async () => {
    mount();
    await waitFor(() => $('.docent-launcher')!.click());
    await waitFor(() => expect($('.docent-panel')).toBeTruthy());
    await waitFor(() => expect($('.docent-input')).toBeTruthy());
    // One request opens it: the bootstrap, asked to create the visitor's first conversation.
    expect(server.state.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/chatbots/bot-1/bootstrap']);
    const [open] = server.state.requests;
    expect(open!.query.create).toBe('true');
    expect(open!.query.visitor_id).toMatch(/^visitor-[A-Za-z0-9_-]{22,}$/);
    expect(localStorage.getItem('visitor_id')).toBe(open!.query.visitor_id);
    expect(server.state.conversations.map((c) => c.title)).toEqual(['New Chat']);
    expect($('.docent-panel-title')!.textContent).toBe('New Chat');
    expect(($('.docent-input') as HTMLTextAreaElement).placeholder).toBe('Type your message...');
  });

  it('first open selects the first existing conversation without creating one', async () => {
    server.state.conversations = [
      {
        id: 'c-a',
        chatbot_id: 'bot-1',
        title: 'Pricing questions',
        created_at: new Date(2025, 0, 5).toISOString(),
        last_message_at: null,
        message_count: 2,
      },
      {
        id: 'c-b',
        chatbot_id: 'bot-1',
        title: '',
        created_at: new Date(2024, 11, 24).toISOString(),
        last_message_at: null,
        message_count: 0,
      },
    ];
    mount();
    await waitFor(() => $('.docent-launcher')!.click());
    await waitFor(() => expect($('.docent-panel-title')?.textContent).toBe('Pricing questions'));
    expect(server.state.requests.some((r) => r.method === 'POST')).toBe(false);

    // The sidebar lists titles (default 'New Chat') with 'MMM d, yyyy' dates.
    $<HTMLButtonElement>('.docent-panel-head [aria-label="Conversations"]')!.click();
    await waitFor(() => expect($('.docent-sidebar-open')).toBeTruthy());
    expect($('.docent-sidebar h3')!.textContent).toBe('Conversations');
    const items = [...host.shadowRoot!.querySelectorAll('.docent-conv')].map((b) => b.textContent);
    expect(items).toEqual(['Pricing questionsJan 5, 2025', 'New ChatDec 24, 2024']);
    expect(buttonByText('Close Menu')).toBeTruthy();

    // Selecting one switches the header and closes the sidebar.
    (host.shadowRoot!.querySelectorAll('.docent-conv')[1] as HTMLButtonElement).click();
    await waitFor(() => expect($('.docent-panel-title')!.textContent).toBe('New Chat'));
    expect($('.docent-sidebar-open')).toBeNull();
  });

  it("a returning visitor's open shows the newest conversation's messages from that one request", async () => {
    const at = new Date(2025, 0, 5, 9, 30).toISOString();
    server.state.conversations = [
      { id: 'c-a', chatbot_id: 'bot-1', title: 'Moorings', created_at: at, last_message_at: at, message_count: 2 },
    ];
    server.state.messages.set('c-a', [
      { id: 'm-1', conversation_id: 'c-a', role: 'user', content: 'Where can I moor?', sources: [], created_at: at, index: 1 },
      { id: 'm-2', conversation_id: 'c-a', role: 'assistant', content: 'By the harbour wall.', sources: [], created_at: at, index: 2 },
    ]);
    mount();
    await waitFor(() => $('.docent-launcher')!.click());
    await waitFor(() => expect(host.shadowRoot!.textContent).toContain('By the harbour wall.'));
    expect(host.shadowRoot!.textContent).toContain('Where can I moor?');
    expect(server.state.requests.map((r) => r.path)).toEqual(['/api/v1/chatbots/bot-1/bootstrap']);
  });

  it('creating from the sidebar selects the new chat and closes the sidebar; a click outside closes it too', async () => {
    server.state.conversations = [
      { id: 'c-a', chatbot_id: 'bot-1', title: 'Old', created_at: new Date().toISOString(), last_message_at: null, message_count: 1 },
    ];
    mount();
    await waitFor(() => $('.docent-launcher')!.click());
    await waitFor(() => expect($('.docent-panel-title')?.textContent).toBe('Old'));
    const menu = $<HTMLButtonElement>('.docent-panel-head [aria-label="Conversations"]')!;
    menu.click();
    await waitFor(() => expect($('.docent-sidebar-open')).toBeTruthy());
    $<HTMLElement>('.docent-overlay')!.click();
    await waitFor(() => expect($('.docent-sidebar-open')).toBeNull());

    // A press on the header (also outside the sidebar) closes it as well; one inside does not.
    menu.click();
    await waitFor(() => expect($('.docent-sidebar-open')).toBeTruthy());
    $('.docent-sidebar h3')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect($('.docent-sidebar-open')).toBeTruthy();
    $('.docent-panel-title')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await waitFor(() => expect($('.docent-sidebar-open')).toBeNull());

    menu.click();
    await waitFor(() => expect($('.docent-sidebar-open')).toBeTruthy());
    $<HTMLButtonElement>('.docent-sidebar [aria-label="New chat"]')!.click();
    await waitFor(() => expect($('.docent-panel-title')!.textContent).toBe('New Chat'));
    expect($('.docent-sidebar-open')).toBeNull();
    expect(server.state.conversations).toHaveLength(2);

    // A second New Chat, nothing written in the first: the empty one is reused, not a third made.
    menu.click();
    await waitFor(() => expect($('.docent-sidebar-open')).toBeTruthy());
    $<HTMLButtonElement>('.docent-sidebar [aria-label="New chat"]')!.click();
    await waitFor(() => expect($('.docent-sidebar-open')).toBeNull());
    expect($('.docent-panel-title')!.textContent).toBe('New Chat');
    expect(server.state.conversations).toHaveLength(2);
    expect(server.state.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("shows 'No conversations yet' and 'No Conversation Selected' when no conversation could be created", async () => {
    server.state.noNewConversations = true;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mount();
    await waitFor(() => $('.docent-launcher')!.click());
    await waitFor(() => expect(host.shadowRoot!.textContent).toContain('No Conversation Selected'));
    expect(host.shadowRoot!.textContent).toContain('Create a new chat or select one from the sidebar');
    expect(buttonByText('New Chat')).toBeTruthy();
    expect($('.docent-panel-title')!.textContent).toBe('Chat');
    expect($('.docent-empty')!.textContent).toBe('No conversations yet');
    error.mockRestore();
  });

  it("shows 'Initializing chat...' and then a clear message with Retry when the API is down", async () => {
    server.state.down = true;
    mount();
    await waitFor(() => $('.docent-launcher')!.click());
    await waitFor(() => expect(host.shadowRoot!.textContent).toMatch(/Initializing chat\.\.\.|unavailable/));
    await waitFor(() => expect(host.shadowRoot!.textContent).toContain('The chat is unavailable right now'));
    server.state.down = false;
    buttonByText('Retry')!.click();
    await waitFor(() => expect($('.docent-input')).toBeTruthy());
  });

  it('Escape closes the panel (then the sidebar first), and focus returns to the launcher', async () => {
    mount();
    await waitFor(() => $('.docent-launcher')!.click());
    await waitFor(() => expect($('.docent-input')).toBeTruthy());
    const panel = $('.docent-panel')!;
    $<HTMLButtonElement>('.docent-panel-head [aria-label="Conversations"]')!.click();
    await waitFor(() => expect($('.docent-sidebar-open')).toBeTruthy());
    key(panel, 'Escape');
    await waitFor(() => expect($('.docent-sidebar-open')).toBeNull());
    expect(panel.hidden).toBe(false);
    key(panel, 'Escape');
    await waitFor(() => expect(($('.docent-panel') as HTMLElement).hidden).toBe(true));
    expect(host.shadowRoot!.activeElement).toBe($('.docent-launcher'));
    expect($('.docent-launcher')!.getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape also closes the panel while focus is on the launcher', async () => {
    mount();
    await waitFor(() => $('.docent-launcher')!.click());
    await waitFor(() => expect($('.docent-input')).toBeTruthy());
    const launcher = $<HTMLButtonElement>('.docent-launcher')!;
    launcher.focus();
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    key(launcher, 'Escape');
    await waitFor(() => expect(($('.docent-panel') as HTMLElement).hidden).toBe(true));
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(host.shadowRoot!.activeElement).toBe(launcher);
    // Closed: Escape on the launcher does nothing more.
    key(launcher, 'Escape');
    expect(($('.docent-panel') as HTMLElement).hidden).toBe(true);
  });

  it('traps Tab focus inside the open panel', async () => {
    mount();
    await waitFor(() => $('.docent-launcher')!.click());
    await waitFor(() => expect($('.docent-input')).toBeTruthy());
    const panel = $('.docent-panel')!;
    const menu = $<HTMLButtonElement>('.docent-panel-head [aria-label="Conversations"]')!;
    menu.focus();
    expect(key(panel, 'Tab', { shiftKey: true })).toBe(false); // prevented: wrapped to the last item
    const last = host.shadowRoot!.activeElement as HTMLElement;
    expect(panel.contains(last)).toBe(true);
    expect(last).not.toBe(menu);
    expect(key(panel, 'Tab')).toBe(false);
    expect(host.shadowRoot!.activeElement).toBe(menu);
  });

  it("follows the page's dark class", async () => {
    mount();
    await waitFor(() => expect($('.docent-root')).toBeTruthy());
    expect($('.docent-root')!.classList.contains('docent-dark')).toBe(false);
    document.documentElement.classList.add('dark');
    await waitFor(() => expect($('.docent-root')!.classList.contains('docent-dark')).toBe(true));
  });

  it('works when localStorage throws', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    mount();
    await waitFor(() => $('.docent-launcher')!.click());
    await waitFor(() => expect($('.docent-input')).toBeTruthy());
    vi.restoreAllMocks();
  });
});
