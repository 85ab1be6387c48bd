import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../../shared/src/api/types';
import { chat as french, page as frenchPage } from '../../../../shared/src/messages/fr';
import { fail, installFakeApi, ok, type Reply } from '../../testing/fakeApi';
import '../../testing/render';
import ChatLayout from './ChatLayout';
import ChatThreadRoute from './ChatThreadRoute';

/** Issue 38: /chat speaks the bot's language, from the texts the server sends with the bot's info. */
const BOT = '00000000-0000-4000-8000-000000000001';
const conv = (id: string, title: string): Conversation => ({
  id,
  chatbot_id: BOT,
  title,
  created_at: '2026-01-05T10:00:00.000Z',
  last_message_at: '2026-01-05T10:00:00.000Z',
  message_count: 2,
});
const answer: Message = {
  id: 'm2',
  conversation_id: 'c1',
  role: 'assistant',
  content: 'Lancez `lumen init`.',
  sources: [{ url: 'https://lumen.test/install', title: 'Installation', snippet: '' }],
  created_at: '2026-01-05T10:00:00.000Z',
  index: 2,
};

function renderThread(bot: object | Reply) {
  installFakeApi({
    'GET /chatbots/:id/conversations': ok({ conversations: [conv('c1', 'Comment installer ?'), conv('c2', 'New Conversation')] }),
    'GET /chatbots/:id/public': typeof bot === 'function' || 'status' in bot ? (bot as Reply) : ok(bot),
    'GET /chatbots/:id/conversations/:cid/messages': ok({ messages: [answer] }),
  });
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, errorRetryCount: 0 }}>
      <MemoryRouter initialEntries={[`/chat/${BOT}/conversations/c1`]}>
        <Routes>
          <Route path="/chat" element={<ChatLayout />}>
            <Route path=":botId/conversations/:convId" element={<ChatThreadRoute />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('/chat in the bot’s language', () => {
  it("shows a French bot's sidebar, thread and composer in French", async () => {
    const { container } = renderThread({
      id: BOT,
      name: 'Lumen',
      description: '',
      greeting: '',
      starter_questions: [],
      language: 'fr',
      texts: { ...french, ...frenchPage },
    });
    expect(await screen.findByRole('heading', { name: 'Historique des discussions' })).toBeTruthy();
    expect(await screen.findByPlaceholderText('Saisissez votre message...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Envoyer le message' })).toBeTruthy();
    expect(await screen.findByText('Sources')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Évaluer cette réponse' })).toBeTruthy();
    // A title the client stored by default reads in the bot's language; a real one stays as asked.
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(nav).getByText('Nouvelle conversation')).toBeTruthy();
    expect(within(nav).getByText('Comment installer ?')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Nouvelle discussion/ })).toBeTruthy();
    expect(container.querySelector('.chat-shell')?.getAttribute('lang')).toBe('fr');
    // The theme switches of the page and of the thread's header (the dashboard's own stay English).
    const toggles = container.querySelectorAll('[data-theme-toggle]');
    expect(toggles.length).toBeGreaterThan(0);
    for (const toggle of toggles)
      expect(toggle.getAttribute('aria-label')).toMatch(new RegExp(`^(${french.darkMode}|${french.lightMode})$`));
  });

  it('stays in English for a bot whose info sends no texts', async () => {
    renderThread({ id: BOT, name: 'Lumen', description: '', greeting: '', starter_questions: [], language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Chat History' })).toBeTruthy();
    expect(await screen.findByPlaceholderText('Type your message...')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Conversations' })).getByText('New Conversation')).toBeTruthy();
    for (const toggle of document.querySelectorAll('[data-theme-toggle]'))
      expect(toggle.getAttribute('aria-label')).toMatch(/^Switch to (dark|light) mode$/);
  });

  describe('before the bot’s info has come', () => {
    afterEach(() => vi.unstubAllGlobals());
    const pending: Reply = () => new Promise(() => {});

    it('shows no page text yet, only a loading state in the visitor’s browser language', async () => {
      vi.stubGlobal('navigator', { ...navigator, languages: ['de-CH', 'en'] });
      const { container } = renderThread(pending);
      expect((await screen.findByRole('status')).textContent).toBe('Chat wird gestartet...');
      expect(container.querySelector('[lang]')?.getAttribute('lang')).toBe('de');
      expect(screen.queryByText('Chat History')).toBeNull();
    });

    it('says it in English, word for word, to an English browser', async () => {
      renderThread(pending);
      expect((await screen.findByRole('status')).textContent).toBe('Initializing chat...');
    });

    it('speaks the browser’s language, all of it, when the bot’s info cannot be had', async () => {
      vi.stubGlobal('navigator', { ...navigator, languages: ['de'] });
      const { container } = renderThread(fail(404, 'Not found'));
      expect(await screen.findByRole('heading', { name: 'Chatverlauf' })).toBeTruthy();
      expect(screen.getByRole('button', { name: /Neuer Chat/ })).toBeTruthy();
      expect(within(screen.getByRole('navigation', { name: 'Unterhaltungen' })).getByText('Neue Unterhaltung')).toBeTruthy();
      expect(container.querySelector('.chat-shell')?.getAttribute('lang')).toBe('de');
    });

    it('stays English for an English browser when the bot’s info cannot be had', async () => {
      renderThread(fail(404, 'Not found'));
      expect(await screen.findByRole('heading', { name: 'Chat History' })).toBeTruthy();
    });
  });
});
