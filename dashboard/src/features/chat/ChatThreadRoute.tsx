import { useOutletContext, useParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ChatThread } from '../../../../shared/src/chat/ChatThread';
import '../../../../shared/src/chat/chat.css';
import { api } from '../../api/client';
import { ChatThemeToggle } from './ChatThemeToggle';
import { conversationsKey, usePublicChatbot } from './queries';

/** /chat/{botId}/conversations/{convId}: the shared chat thread in full-page mode. */
export default function ChatThreadRoute() {
  const { botId, convId } = useParams();
  const { visitorId } = useOutletContext<{ visitorId: string }>();
  const { mutate } = useSWRConfig();
  // The layout loads the same record (SWR shares it): the greeting and starters of an empty thread.
  const { data: bot } = usePublicChatbot(botId);
  if (!botId || !convId) return null;
  return (
    <ChatThread
      key={convId}
      api={api}
      botId={botId}
      conversationId={convId}
      visitorId={visitorId}
      mode="page"
      intro={bot}
      headerActions={<ChatThemeToggle />}
      // The sidebar's "last message" times move after each answer; its title, once the first question is kept.
      onMessageSent={() => void mutate(conversationsKey(botId, visitorId))}
      onQuestionKept={() => void mutate(conversationsKey(botId, visitorId))}
    />
  );
}
