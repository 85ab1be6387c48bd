// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client';
import { ChatThread, type ChatThreadProps } from '../src/chat/ChatThread';
import { fakeApi, json, message, sseResponse } from './fakeServer';

/** Issue 18 in the shared thread: the owner's greeting and starter questions, and thumbs on answers. */
const VISITOR = 'visitor-AAAAAAAAAAAAAAAAAAAAAAAA';
afterEach(cleanup);

let n = 0;
function setup(server = fakeApi(), intro?: ChatThreadProps['intro']) {
  const api = createApiClient({ baseUrl: 'http://x.test', fetch: server.fetch });
  render(<ChatThread api={api} botId={`intro${++n}`} conversationId="c1" visitorId={VISITOR} mode="widget" intro={intro} />);
  return server;
}
const thumb = (label: 'Helpful' | 'Not helpful') => screen.getByRole('button', { name: label });
const feedbackCalls = (server: ReturnType<typeof fakeApi>) =>
  server.requests.filter((r) => r.method === 'PUT').map((r) => (r.body as { rating: number | null }).rating);

describe('greeting and starter questions', () => {
  it('shows them in an empty conversation; a click sends the question and they give way to the thread', async () => {
    const server = setup(fakeApi(), {
      greeting: 'Ahoy! Ask about the harbour.',
      starter_questions: ['Where can I moor?', 'What does a berth cost?'],
    });
    expect(await screen.findByText('Ahoy! Ask about the harbour.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Suggested questions' })).toBeTruthy();
    expect(screen.queryByText('Send a message to start the conversation.')).toBeNull();
    server.onSend = (content) => {
      server.messages.push(message(1, 'user', content), message(2, 'assistant', 'On the east quay.'));
      return sseResponse([['done', { user_message: server.messages[0], assistant_message: server.messages[1] }]]);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Where can I moor?' }));
    expect(await screen.findByText('On the east quay.')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ content: 'Where can I moor?' });
    expect(screen.queryByText('Ahoy! Ask about the harbour.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'What does a berth cost?' })).toBeNull();
  });

  it('keeps the default prompt when the owner set neither, and shows neither in a conversation with messages', async () => {
    setup();
    expect(await screen.findByText('Send a message to start the conversation.')).toBeTruthy();
    cleanup();
    setup(fakeApi([message(1, 'user', 'Hi'), message(2, 'assistant', 'Hello')]), {
      greeting: 'Welcome aboard',
      starter_questions: ['Where can I moor?'],
    });
    await screen.findByText('Hello');
    expect(screen.queryByText('Welcome aboard')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Where can I moor?' })).toBeNull();
  });
});

describe('thumbs on answers', () => {
  it('appear on answers only, show the stored rating, change, and clear on a second press', async () => {
    const server = setup(fakeApi([message(1, 'user', 'Where?'), message(2, 'assistant', 'Here.', { feedback: -1 })]));
    await screen.findByText('Here.');
    expect(screen.getAllByRole('group', { name: 'Rate this answer' })).toHaveLength(1);
    expect(thumb('Not helpful').getAttribute('aria-pressed')).toBe('true');
    expect(thumb('Helpful').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(thumb('Helpful'));
    expect(thumb('Helpful').getAttribute('aria-pressed')).toBe('true');
    expect(thumb('Not helpful').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(thumb('Helpful'));
    expect(thumb('Helpful').getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(feedbackCalls(server)).toEqual([1, null]));
    expect(server.requests.find((r) => r.method === 'PUT')?.url).toMatch(
      /^\/api\/v1\/chatbots\/intro\d+\/conversations\/c1\/messages\/m2\/feedback$/,
    );
  });

  it('goes back to the stored rating when the server refuses', async () => {
    const server = fakeApi([message(1, 'user', 'Where?'), message(2, 'assistant', 'Here.')]);
    const inner = server.fetch;
    server.fetch = (async (i: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT' ? json(503, { success: false, detail: 'busy' }) : inner(i, init)) as typeof fetch;
    setup(server);
    await screen.findByText('Here.');
    fireEvent.click(thumb('Not helpful'));
    expect(thumb('Not helpful').getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(thumb('Not helpful').getAttribute('aria-pressed')).toBe('false'));
  });
});
