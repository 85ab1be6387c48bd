import useSWR from 'swr';
import type { Conversation, PublicChatbot } from '../../../../shared/src/api/types';
import { api } from '../../api/client';

export const conversationsKey = (botId: string, visitorId: string) => ['conversations', botId, visitorId] as const;

/** GET /chatbots/{id}/conversations?visitor_id: this visitor's conversations with the bot. */
export function useConversations(botId: string | undefined, visitorId: string) {
  return useSWR<Conversation[]>(botId ? conversationsKey(botId, visitorId) : null, () => api.listConversations(botId as string, visitorId));
}

/** GET /chatbots/{id}/public: name and description for the header. */
export function usePublicChatbot(botId: string | undefined) {
  return useSWR<PublicChatbot>(botId ? ['public-chatbot', botId] : null, () => api.getPublicChatbot(botId as string));
}
