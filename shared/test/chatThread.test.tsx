// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client';
import { ChatThread } from '../src/chat/ChatThread';
import { fakeApi, json, message, sseResponse } from './fakeServer';

const VISITOR = 'visitor-AAAAAAAAAAAAAAAAAAAAAAAA';
afterEach(cleanup);

let n = 0;
function setup(server = fakeApi()) {
  const api = createApiClient({ baseUrl: 'http://x.test', fetch: server.fetch });
  // A fresh bot per test: the thread caches lists per bot and conversation.
  render(<ChatThread api={api} botId={`b${++n}`} conversationId="c1" visitorId={VISITOR} mode="widget" />);
  return server;
}
const input = () => screen.getByPlaceholderText('Type your message...') as HTMLTextAreaElement;

describe('ChatThread', () => {
  it('shows loading, then user messages right and assistant markdown left with HH:mm times', async () => {
    setup(
      fakeApi([
        message(1, 'user', 'Hi <b>there</b>'),
        message(2, 'assistant', '**Hello**', { sources: [{ url: 'https://docs.test/a', title: 'Page A', snippet: '' }] }),
      ]),
    );
    expect(screen.getByText('Loading messages...')).toBeTruthy();
    await screen.findByText('Hi <b>there</b>');
    const user = document.querySelector('[data-role="user"]')!;
    const assistant = document.querySelector('[data-role="assistant"]')!;
    expect(user.className).toContain('docent-msg-user');
    expect(assistant.querySelector('strong')?.textContent).toBe('Hello');
    expect(user.querySelector('time')?.textContent).toBe('09:01');
    const source = screen.getByRole('link', { name: 'Page A' });
    expect(source.getAttribute('href')).toBe('https://docs.test/a');
    expect(source.getAttribute('target')).toBe('_blank');
  });

  it('shows the spec error when messages fail to load', async () => {
    const server = fakeApi();
    const inner = server.fetch;
    server.fetch = (async (i: RequestInfo | URL, init?: RequestInit) =>
      String(i).includes('/messages') ? json(500, { success: false, detail: 'boom' }) : inner(i, init)) as typeof fetch;
    setup(server);
    await screen.findByText('Error Loading Messages');
    expect(screen.getByText('There was a problem loading your messages. Please try again later.')).toBeTruthy();
  });

  it('offers Retry after a failed load and shows the messages once the server answers', async () => {
    const server = fakeApi([message(1, 'user', 'Still here?'), message(2, 'assistant', 'Yes, back again.')]);
    const inner = server.fetch;
    let down = true;
    server.fetch = (async (i: RequestInfo | URL, init?: RequestInit) =>
      down && String(i).includes('/messages') ? json(503, { success: false, detail: 'busy' }) : inner(i, init)) as typeof fetch;
    setup(server);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('alert').textContent).toContain('Error Loading Messages');
    down = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Yes, back again.')).toBeTruthy();
    expect(screen.queryByText('Error Loading Messages')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('sends on Enter, inserts nothing on Shift+Enter, and disables send while empty', async () => {
    const server = setup();
    await waitFor(() => expect(screen.queryByText('Loading messages...')).toBeNull());
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(input(), { target: { value: 'line one' } });
    expect(send.disabled).toBe(false);
    const shift = fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(shift).toBe(true); // not prevented: the browser inserts the newline
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    server.onSend = (content) => {
      server.messages.push(message(1, 'user', content), message(2, 'assistant', 'ok'));
      return sseResponse([
        ['token', { delta: 'ok' }],
        ['done', { user_message: server.messages[0], assistant_message: server.messages[1] }],
      ]);
    };
    const enter = fireEvent.keyDown(input(), { key: 'Enter' });
    expect(enter).toBe(false);
    await screen.findByText('ok');
    const post = server.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ content: 'line one', visitor_id: VISITOR });
    expect(post.accept).toBe('text/event-stream');
    expect(input().value).toBe('');
  });

  it('shows the question at once, typing dots, then the answer streaming in with its sources', async () => {
    const server = setup();
    await waitFor(() => expect(screen.queryByText('Loading messages...')).toBeNull());
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // The rest of the answer waits until the first tokens are seen on screen (not on a timer, which
    // a loaded machine can outrun, rendering both pieces at once).
    let releaseRest!: () => void;
    const rest = new Promise<void>((r) => (releaseRest = r));
    const enc = new TextEncoder();
    server.onSend = (content) => {
      const user = message(1, 'user', content);
      const assistant = message(2, 'assistant', 'Install with **npm**.', {
        sources: [{ url: 'https://docs.test/install', title: 'Install', snippet: '' }],
      });
      const body = new ReadableStream<Uint8Array>({
        async start(c) {
          await gate;
          c.enqueue(
            enc.encode(
              'event: sources\ndata: {"sources":[{"url":"https://docs.test/install","title":"Install","snippet":""}]}\n\nevent: token\ndata: {"delta":"Install with "}\n\n',
            ),
          );
          await rest;
          server.messages.push(user, assistant);
          c.enqueue(
            enc.encode(
              `event: token\ndata: {"delta":"**npm**."}\n\nevent: done\ndata: ${JSON.stringify({ user_message: user, assistant_message: assistant })}\n\n`,
            ),
          );
          c.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    fireEvent.change(input(), { target: { value: 'How do I install?' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByText('How do I install?');
    expect(screen.getByRole('status', { name: 'Assistant is typing' })).toBeTruthy();
    expect(input().disabled).toBe(true);
    await act(async () => release());
    await screen.findByText('Install with');
    await act(async () => releaseRest());
    await screen.findByText('npm');
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Assistant is typing' })).toBeNull());
    expect(screen.getAllByRole('link', { name: 'Install' }).length).toBeGreaterThan(0);
    await waitFor(() => expect(input().disabled).toBe(false));
  });

  it('shows the answer once when the stored messages arrive before the stream closes', async () => {
    const server = setup();
    await waitFor(() => expect(screen.queryByText('Loading messages...')).toBeNull());
    let close!: () => void;
    const closed = new Promise<void>((r) => (close = r));
    const enc = new TextEncoder();
    server.onSend = (content) => {
      const user = message(1, 'user', content);
      const assistant = message(2, 'assistant', 'Shown exactly once.');
      const body = new ReadableStream<Uint8Array>({
        async start(c) {
          server.messages.push(user, assistant);
          c.enqueue(
            enc.encode(
              `event: token\ndata: {"delta":"Shown exactly once."}\n\nevent: done\ndata: ${JSON.stringify({ user_message: user, assistant_message: assistant })}\n\n`,
            ),
          );
          // The connection stays open a moment after `done`, as a proxy or a slow close can leave it.
          await closed;
          c.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    fireEvent.change(input(), { target: { value: 'Once?' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByText('Shown exactly once.');
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getAllByText('Shown exactly once.')).toHaveLength(1);
    await act(async () => close());
    await waitFor(() => expect(input().disabled).toBe(false));
    expect(screen.getAllByText('Shown exactly once.')).toHaveLength(1);
  });

  it('restores the previous list when the send fails, and keeps the typed text', async () => {
    const server = setup(fakeApi([message(1, 'user', 'first'), message(2, 'assistant', 'answer one')]));
    await screen.findByText('answer one');
    server.onSend = () => json(429, { success: false, detail: 'Too many messages. Try again in a minute.' });
    fireEvent.change(input(), { target: { value: 'second question' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByText('Too many messages. Try again in a minute.');
    const texts = [...document.querySelectorAll('[data-role]')].map((el) => el.textContent ?? '');
    expect(texts.some((t) => t.includes('second question'))).toBe(false);
    expect(document.querySelectorAll('[data-role]')).toHaveLength(2);
    expect(input().value).toBe('second question');
  });

  it('keeps the stored question and partial answer when the stream ends in an error that carries them', async () => {
    const server = setup(fakeApi([message(1, 'user', 'first'), message(2, 'assistant', 'answer one')]));
    await screen.findByText('answer one');
    server.onSend = (content) => {
      const user = message(3, 'user', content);
      const partial = message(4, 'assistant', 'Half an answer. (The answer was interrupted. Please ask again.)');
      server.messages.push(user, partial);
      return sseResponse([
        ['token', { delta: 'Half an answer.' }],
        ['sources', { sources: [] }],
        ['error', { detail: 'The answer was interrupted.', user_message: user, assistant_message: partial }],
      ]);
    };
    fireEvent.change(input(), { target: { value: 'second question' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByText('The answer was interrupted.');
    await screen.findByText(/Half an answer\./);
    const texts = [...document.querySelectorAll('[data-role]')].map((el) => el.textContent ?? '');
    expect(texts.some((t) => t.includes('second question'))).toBe(true);
    expect(document.querySelectorAll('[data-role]')).toHaveLength(4);
    // The question was stored, so the text is not handed back for a duplicate resend.
    expect(input().value).toBe('');
  });

  it('appends the optimistic message with index count+1 and a temporary id', async () => {
    const server = setup(fakeApi([message(1, 'user', 'a'), message(2, 'assistant', 'b')]));
    await screen.findByText('b');
    server.onSend = () => new Promise(() => {}); // never answers
    fireEvent.change(input(), { target: { value: 'pending one' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    const bubble = await screen.findByText('pending one');
    expect(bubble.closest('[data-role="user"]')).toBeTruthy();
    expect(document.querySelectorAll('[data-role="user"]')).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('renders hostile answers inert', async () => {
    setup(
      fakeApi([
        message(
          1,
          'assistant',
          '<img src=x onerror="window.__pwned=1"><a href="javascript:alert(1)">x</a><script>window.__pwned=1</script>',
        ),
      ]),
    );
    await waitFor(() => expect(document.querySelector('[data-role="assistant"]')).toBeTruthy());
    const bubble = document.querySelector('[data-role="assistant"]')!;
    expect(bubble.innerHTML).not.toMatch(/onerror|javascript:|<script/i);
  });
});
