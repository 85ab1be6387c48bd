import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../../shared/src/api/types';
import { fail, installFakeApi, ok } from '../../testing/fakeApi';
import '../../testing/render';
import ChatHome from './ChatHome';
import ChatLayout from './ChatLayout';
import ConversationListRoute from './ConversationListRoute';

const BOT = '00000000-0000-4000-8000-000000000001';
const conv = (id: string, title: string, at: string): Conversation => ({
  id,
  chatbot_id: BOT,
  title,
  created_at: at,
  last_message_at: at,
  message_count: 2,
});

function Thread() {
  return <p>Thread {useParams().convId}</p>;
}

function renderChat(url: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, errorRetryCount: 0 }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/chat" element={<ChatLayout />}>
            <Route index element={<ChatHome />} />
            <Route path=":botId/conversations" element={<ConversationListRoute />} />
            <Route path=":botId/conversations/:convId" element={<Thread />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('/chat pages', () => {
  it('redirects the list route to the first conversation and lists them with times', async () => {
    const api = installFakeApi({
      'GET /chatbots/:id/conversations': ok({
        conversations: [conv('c1', 'Pricing', '2026-01-05T15:07:00.000Z'), conv('c2', '', '2026-01-04T09:00:00.000Z')],
      }),
      'GET /chatbots/:id/public': ok({ id: BOT, name: 'Lumen docs', description: 'Sample' }),
    });
    renderChat(`/chat/${BOT}/conversations`);
    expect(await screen.findByText('Thread c1')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(nav).getByText('Pricing')).toBeTruthy();
    expect(within(nav).getByText('Untitled Conversation')).toBeTruthy();
    const d = new Date('2026-01-05T15:07:00.000Z');
    const expected = `${d.toLocaleString('en-US', { month: 'short' })} ${d.getDate()}, ${d.toLocaleString('en-US', { hour: 'numeric', minute: '2-digit', hour12: true })}`;
    expect(within(nav).getByText(expected)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Chat History' })).toBeTruthy();
    // The visitor id is created once and sent with every visitor call.
    const visitor = localStorage.getItem('visitor_id');
    expect(visitor).toMatch(/^visitor-[A-Za-z0-9_-]{22,}$/);
    expect(api.calls.find((c) => c.path.endsWith('/conversations'))?.query.get('visitor_id')).toBe(visitor);
  });

  it("creates an 'Untitled Conversation' when there is none", async () => {
    const api = installFakeApi({
      'GET /chatbots/:id/conversations': [
        ok({ conversations: [] }),
        ok({ conversations: [conv('new1', 'Untitled Conversation', '2026-01-05T10:00:00.000Z')] }),
      ],
      'POST /chatbots/:id/conversations': ok(conv('new1', 'Untitled Conversation', '2026-01-05T10:00:00.000Z')),
      'GET /chatbots/:id/public': ok({ id: BOT, name: 'Lumen docs', description: '' }),
    });
    renderChat(`/chat/${BOT}/conversations`);
    expect(await screen.findByText('Thread new1')).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ title: 'Untitled Conversation', visitor_id: localStorage.getItem('visitor_id') });
  });

  it("shows 'Error loading conversations' when the bot cannot be reached", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    installFakeApi({
      'GET /chatbots/:id/conversations': fail(404, 'Chatbot not found'),
      'GET /chatbots/:id/public': fail(404, 'Chatbot not found'),
    });
    renderChat(`/chat/${BOT}/conversations`);
    expect((await screen.findAllByText('Error loading conversations')).length).toBeGreaterThan(0);
  });

  it('New Chat creates a conversation and opens it; the empty state explains what to do', async () => {
    const user = userEvent.setup();
    installFakeApi({
      'GET /chatbots/:id/conversations': ok({ conversations: [] }),
      'POST /chatbots/:id/conversations': ok(conv('n2', 'New Conversation', '2026-01-05T10:00:00.000Z')),
      'GET /chatbots/:id/public': ok({ id: BOT, name: 'Lumen docs', description: '' }),
    });
    renderChat(`/chat/${BOT}/conversations/existing`);
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByText('Start a new chat to begin')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /New Chat/ }));
    await waitFor(() => expect(screen.getByText('Thread n2')).toBeTruthy());
  });

  it('has a light/dark toggle on /chat and on the list route, stored under theme', async () => {
    const user = userEvent.setup();
    localStorage.setItem('theme', 'light');
    document.documentElement.classList.remove('dark');
    installFakeApi({});
    const view = renderChat('/chat');
    expect(screen.getByRole('heading', { name: 'Chat' })).toBeTruthy();
    const sidebar = screen.getByRole('complementary', { name: 'Chat History' });
    await user.click(within(sidebar).getByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    // Below 1024px the top bar carries one too (the sidebar is a drawer there).
    const topbar = document.querySelector('.chat-topbar') as HTMLElement;
    await user.click(within(topbar).getByRole('button', { name: 'Switch to light mode' }));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
    view.unmount();

    // The redirecting list route (still loading its conversations) shows the toggle as well.
    installFakeApi({
      'GET /chatbots/:id/conversations': () => new Promise(() => {}),
      'GET /chatbots/:id/public': ok({ id: BOT, name: 'Lumen docs', description: '' }),
    });
    renderChat(`/chat/${BOT}/conversations`);
    // (The page's texts wait for the bot's info, in the bot's language.)
    expect(await screen.findByText('Opening your conversation')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Switch to dark mode' }).length).toBeGreaterThan(0);
  });
  it("names the bot atop the sidebar and in the tab's title, with 'Chat' still heading the top bar", async () => {
    installFakeApi({
      'GET /chatbots/:id/conversations': ok({ conversations: [conv('c1', 'Pricing', '2026-01-05T15:07:00.000Z')] }),
      'GET /chatbots/:id/public': ok({ id: BOT, name: 'Lumen docs', description: 'Sample' }),
    });
    renderChat(`/chat/${BOT}/conversations/c1`);
    const sidebar = await screen.findByRole('complementary', { name: 'Chat History' });
    await waitFor(() => expect(sidebar.querySelector('.chat-sidebar-head')?.textContent).toContain('Lumen docs'));
    expect(document.title).toBe('Lumen docs');
    expect(document.querySelector('.chat-topbar-title')?.textContent).toBe('ChatLumen docs');
    // The product's logo moves to the sidebar's foot.
    expect(within(sidebar).getByText('Powered by')).toBeTruthy();
  });
});
