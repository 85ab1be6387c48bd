import { useEffect, useRef } from 'react';
import { useNavigate, useOutletContext, useParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { DEFAULT_CONVERSATION_TITLES } from '../../../../shared/src/contract/titles';
import { formatDateTime } from '../../../../shared/src/dates';
import { api } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { conversationsKey, useConversations } from './queries';
import { landingConversation } from '../../../../shared/src/chat/landing';
import { fill } from '../../../../shared/src/messages/fill';
import { shownTitle, useChatTexts } from '../../../../shared/src/chat/texts';
import { usePageTexts } from './pageTexts';

/**
 * /chat/{botId}/conversations: goes to the first conversation, or creates an 'Untitled
 * Conversation' and goes there (spec §2).
 */
export default function ConversationListRoute() {
  const { botId } = useParams();
  const { t, lang } = useChatTexts();
  const page = usePageTexts();
  const { visitorId } = useOutletContext<{ visitorId: string }>();
  const { data, error } = useConversations(botId, visitorId);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const creating = useRef(false);

  useEffect(() => {
    if (!botId || !data) return;
    const first = landingConversation(data);
    if (first) {
      navigate(`/chat/${botId}/conversations/${first.id}`, { replace: true });
      return;
    }
    if (creating.current) return;
    creating.current = true;
    api.createConversation(botId, DEFAULT_CONVERSATION_TITLES.conversationList, visitorId).then(
      async (conversation) => {
        await mutate(conversationsKey(botId, visitorId));
        navigate(`/chat/${botId}/conversations/${conversation.id}`, { replace: true });
      },
      (err: unknown) => {
        console.error('Conversation creation failed', err);
        creating.current = false;
      },
    );
  }, [botId, data, visitorId, navigate, mutate]);

  if (error) {
    return (
      <div className="chat-placeholder">
        <Alert title={page.errorLoadingConversations}>{page.unreachable}</Alert>
      </div>
    );
  }
  return (
    <div className="chat-placeholder">
      {data && data.length > 0 ? (
        <ul className="conversation-summary">
          {data.map((c) => (
            <li key={c.id}>
              <span>{shownTitle(c.title, t, t.untitled)}</span>
              <span className="muted">
                {fill(page.messageCount, { n: c.message_count })} · {formatDateTime(c.last_message_at ?? c.created_at, lang)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Spinner label={page.openingConversation} />
      )}
    </div>
  );
}
