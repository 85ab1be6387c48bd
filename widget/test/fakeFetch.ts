import type { Conversation, Message } from '../../shared/src/api/types';

/** A fetch stand-in speaking the server's wire format for the visitor routes (unit level only). */
export function fakeVisitorServer() {
  let n = 0;
  const state = {
    conversations: [] as Conversation[],
    messages: new Map<string, Message[]>(),
    requests: [] as { method: string; path: string; query: Record<string, string>; body?: Record<string, unknown> }[],
    down: false,
    /** A site the bot's owner did not allow: every call is refused with this detail. */
    refused: '',
    /** The server creates no conversation on open (as when the visitor's conversation limit is reached). */
    noNewConversations: false,
    bot: { id: 'bot-1', name: 'Bot', description: '', greeting: '', starter_questions: [] as string[] },
  };
  const newConversation = (title: string): Conversation => ({
    id: `conv-${++n}`,
    chatbot_id: 'bot-1',
    title,
    created_at: new Date(2025, 2, 14, 10, 0).toISOString(),
    last_message_at: null,
    message_count: 0,
  });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    state.requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (state.down) throw new TypeError('Failed to fetch');
    if (state.refused) return json(403, { success: false, detail: state.refused });
    if (url.pathname.endsWith('/public') && method === 'GET') return json(200, { success: true, data: state.bot });
    if (url.pathname.endsWith('/bootstrap') && method === 'GET') {
      // As the server does: the newest conversation, or a new one when asked, with its messages.
      if (!state.conversations.length && url.searchParams.get('create') === 'true' && !state.noNewConversations)
        state.conversations = [newConversation('New Chat')];
      const landing = state.conversations[0];
      const messages = landing ? (state.messages.get(landing.id) ?? []) : [];
      return json(200, {
        success: true,
        data: { chatbot: state.bot, conversations: state.conversations, conversation_id: landing?.id ?? null, messages },
      });
    }
    if (url.pathname.endsWith('/conversations') && method === 'GET')
      return json(200, { success: true, data: { conversations: state.conversations } });
    if (url.pathname.endsWith('/conversations') && method === 'POST') {
      const conv = newConversation(body.title);
      state.conversations = [conv, ...state.conversations];
      return json(201, { success: true, data: conv });
    }
    if (url.pathname.endsWith('/messages') && method === 'GET') {
      const id = url.pathname.split('/').at(-2)!;
      return json(200, { success: true, data: { messages: state.messages.get(id) ?? [] } });
    }
    return json(404, { success: false, detail: 'Not found' });
  }) as typeof globalThis.fetch;
  return { state, fetch };
}
