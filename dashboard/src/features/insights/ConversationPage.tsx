import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { formatDateTime } from '../../../../shared/src/dates';
import type { InsightMessage } from '../../../../shared/src/api/insights';
import { MessageBubble } from '../../../../shared/src/chat/MessageBubble';
import { usePageDark } from '../../../../shared/src/chat/usePageTheme';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { InsightsPageShell } from './InsightsPageShell';
import { INVALID_ID, useConversationDetail, UUID_RE } from './queries';
import '../../../../shared/src/chat/chat.css';

const OUTCOME_LABEL = { answer: 'Answered', unsure: 'Not sure', none: 'Refused' } as const;
const OUTCOME_BADGE = { answer: 'badge-completed', unsure: 'badge-pending', none: 'badge-failed' } as const;

/** What the owner sees under an assistant reply: what the evidence supported and the visitor's thumb. */
function ReplyMeta({ message }: { message: InsightMessage }) {
  if (message.role !== 'assistant' || (!message.outcome && message.feedback === null)) return null;
  return (
    <div className="insights-msg-meta">
      {message.outcome && <span className={`badge ${OUTCOME_BADGE[message.outcome]}`}>{OUTCOME_LABEL[message.outcome]}</span>}
      {message.feedback === 1 && <span className="badge badge-completed">Visitor: thumbs up</span>}
      {message.feedback === -1 && <span className="badge badge-failed">Visitor: thumbs down</span>}
    </div>
  );
}

/** /app/chatbots/:id/conversations/:convId: one visitor conversation, read-only, rendered as the chat renders it. */
export default function ConversationPage() {
  const { id = '', convId = '' } = useParams();
  const valid = UUID_RE.test(id) && UUID_RE.test(convId);
  const { data, error, isLoading } = useConversationDetail(valid ? id : '', valid ? convId : '');
  useDocumentTitle(data?.conversation.title || 'Conversation');
  const dark = usePageDark();
  const thread = useRef<HTMLDivElement>(null);
  // A code block that scrolls sideways must be reachable by keyboard (the chat's own scroller is).
  useEffect(() => {
    thread.current?.querySelectorAll('pre').forEach((pre) => (pre.tabIndex = 0));
  }, [data]);
  return (
    <InsightsPageShell
      back={`/app/chatbots/${id}/conversations`}
      backLabel="All conversations"
      title={data?.conversation.first_question || data?.conversation.title || 'Conversation'}
      lead={data ? `Started ${formatDateTime(data.conversation.created_at)} · ${data.conversation.message_count} messages` : undefined}
      loading={valid && isLoading}
      error={valid ? error : INVALID_ID}
      notFound="Conversation not found."
    >
      {data && (
        <div ref={thread} className={`insights-thread docent-thread${dark ? ' docent-dark' : ''}`} aria-label="Messages">
          {data.messages.map((m) => (
            <div key={m.id}>
              <MessageBubble role={m.role} content={m.content} createdAt={m.created_at} sources={m.sources} />
              <ReplyMeta message={m} />
            </div>
          ))}
        </div>
      )}
    </InsightsPageShell>
  );
}
