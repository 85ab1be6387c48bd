import { waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountWidget } from '../src/mount';
import { panelModule } from '../src/panelModule';
import { fakeVisitorServer } from './fakeFetch';

/** Issue 18 in the widget: the owner's greeting and starters, and the refusal on a site the owner did not allow. */
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

describe('widget bot settings', () => {
  it("shows the owner's greeting and starter questions in a new conversation", async () => {
    server.state.bot = {
      ...server.state.bot,
      greeting: 'Welcome to Lumen support.',
      starter_questions: ['How do I install Lumen?', 'Is there a CLI?'],
    };
    const root = await open();
    await waitFor(() => expect(root.querySelector('.docent-greeting')?.textContent).toBe('Welcome to Lumen support.'));
    const starters = [...root.querySelectorAll('.docent-starter')].map((b) => b.textContent);
    expect(starters).toEqual(['How do I install Lumen?', 'Is there a CLI?']);
  });

  it('says clearly that the chat is not available on a site the owner did not allow', async () => {
    server.state.refused = 'This chatbot is not available on this website.';
    const root = await open();
    await waitFor(() =>
      expect(root.querySelector('[role="alert"]')?.textContent).toContain('This chatbot is not available on this website.'),
    );
    expect(root.querySelector('.docent-input')).toBeNull();
  });
});
