import type { CreateConversationRequest, FeedbackRequest, SendMessageRequest } from '../contract/requests';
import { readStreamEvents } from './sse';
import type { Transport } from './transport';
import type { ChatBootstrap, Conversation, PublicChatbot, StreamEvent } from './types';
import type { ConversationList, FeedbackResult, MessageList, SentMessages } from '../contract/visitorSchemas';
import type { MessageListQuery } from '../contract/querySchemas';

/** Response shapes: inferred from the routes' schemas (shared/src/contract/visitorSchemas.ts). */
export type { SentMessages } from '../contract/visitorSchemas';

const enc = encodeURIComponent;

/** Visitor calls (no sign-in): all the widget needs, so its bundle carries nothing else. */
export function visitorApi({ send, unwrap, call }: Transport) {
  const convPath = (botId: string, convId: string) => `/chatbots/${enc(botId)}/conversations/${enc(convId)}/messages`;
  return {
    getPublicChatbot: (id: string) => call<PublicChatbot>('GET', `/chatbots/${enc(id)}/public`),
    /** Opening a chat in one request: bot info, conversations, the newest one's messages (create: make one if none). */
    bootstrap: (botId: string, visitorId: string, create: boolean) =>
      call<ChatBootstrap>('GET', `/chatbots/${enc(botId)}/bootstrap`, undefined, { visitor_id: visitorId, create: String(create) }),
    listConversations: async (botId: string, visitorId: string) =>
      (await call<ConversationList>('GET', `/chatbots/${enc(botId)}/conversations`, undefined, { visitor_id: visitorId })).conversations,
    createConversation: (botId: string, title: string, visitorId: string) =>
      call<Conversation>('POST', `/chatbots/${enc(botId)}/conversations`, {
        title,
        visitor_id: visitorId,
      } satisfies CreateConversationRequest),
    listMessages: async (
      botId: string,
      convId: string,
      visitorId: string,
      q: Pick<MessageListQuery, 'after' | 'limit'> & { signal?: AbortSignal } = {},
    ) =>
      (
        await call<MessageList>(
          'GET',
          convPath(botId, convId),
          undefined,
          { visitor_id: visitorId, after: q.after, limit: q.limit ?? 50 },
          { signal: q.signal },
        )
      ).messages,
    /** Thumbs up (1), down (-1) or cleared (null) on one of the visitor's answers. */
    rateMessage: (botId: string, convId: string, messageId: string, rating: 1 | -1 | null, visitorId: string) =>
      call<FeedbackResult>('PUT', `${convPath(botId, convId)}/${enc(messageId)}/feedback`, {
        rating,
        visitor_id: visitorId,
      } satisfies FeedbackRequest),
    sendMessage: (botId: string, convId: string, content: string, visitorId: string, init: { signal?: AbortSignal } = {}) =>
      call<SentMessages>('POST', convPath(botId, convId), { content, visitor_id: visitorId } satisfies SendMessageRequest, undefined, init),
    /**
     * Sends a message and yields the answer as it streams (SSE over fetch). A server that answers
     * with plain JSON instead still works: its result is yielded as one `done` event.
     */
    async *streamMessage(
      botId: string,
      convId: string,
      content: string,
      visitorId: string,
      init: { signal?: AbortSignal } = {},
    ): AsyncGenerator<StreamEvent> {
      const res = await send('POST', convPath(botId, convId), { content, visitor_id: visitorId } satisfies SendMessageRequest, undefined, {
        signal: init.signal,
        accept: 'text/event-stream',
      });
      const type = res.headers.get('content-type') ?? '';
      if (res.ok && res.body && type.includes('text/event-stream')) {
        yield* readStreamEvents(res.body);
        return;
      }
      const data = await unwrap<SentMessages>(res);
      yield { event: 'done', data };
    },
  };
}
