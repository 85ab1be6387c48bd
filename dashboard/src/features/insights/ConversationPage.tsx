import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatDateTime } from '../../../../shared/src/dates';
import type { InsightMessage } from '../../../../shared/src/api/insights';
import { MessageBubble } from '../../../../shared/src/chat/MessageBubble';
import { usePageDark } from '../../../../shared/src/chat/usePageTheme';
import { apiErrorMessage } from '../../api/errors';
import { insightsApi } from '../../api/insights';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useToast } from '../../ui/toast';
import { InsightsPageShell } from './InsightsPageShell';
import { INVALID_ID, useConversationDetail, UUID_RE } from './queries';
import '../../../../shared/src/chat/chat.css';

const OUTCOME_LABEL = { answer: 'Answered', unsure: 'Not sure', none: 'Refused' } as const;
const OUTCOME_BADGE = { answer: 'badge-completed', unsure: 'badge-pending', none: 'badge-failed' } as const;

/**
 * What the owner sees under an assistant reply: what the evidence supported, the visitor's thumb, and
 * the owner's own verdict: a reply marked wrong counts as unanswered (the unanswered list, the answer rate).
 */
function ReplyMeta({ botId, message, onChanged }: { botId: string; message: InsightMessage; onChanged: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (message.role !== 'assistant') return null;
  const mark = async (wrong: boolean) => {
    setBusy(true);
    try {
      await insightsApi.markReplyWrong(botId, message.id, wrong);
      toast({
        title: wrong ? 'Marked as wrong.' : 'No longer marked wrong.',
        description: wrong ? 'The question is in the unanswered list and this reply no longer counts as answered.' : undefined,
        variant: 'success',
      });
      onChanged();
    } catch (err) {
      toast({
        title: 'Update Error',
        description: apiErrorMessage(err, 'Failed to update the reply. Please try again.'),
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="insights-msg-meta">
      {message.outcome && <span className={`badge ${OUTCOME_BADGE[message.outcome]}`}>{OUTCOME_LABEL[message.outcome]}</span>}
      {message.marked_wrong && <span className="badge badge-failed">Marked wrong</span>}
      {message.feedback === 1 && <span className="badge badge-completed">Visitor: thumbs up</span>}
      {message.feedback === -1 && <span className="badge badge-failed">Visitor: thumbs down</span>}
      <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => mark(!message.marked_wrong)}>
        {message.marked_wrong ? 'Not wrong after all' : 'Mark as wrong'}
      </button>
    </div>
  );
}

/** /app/chatbots/:id/conversations/:convId: one visitor conversation, read-only, rendered as the chat renders it. */
export default function ConversationPage() {
  const { id = '', convId = '' } = useParams();
  const valid = UUID_RE.test(id) && UUID_RE.test(convId);
  const { data, error, isLoading, mutate } = useConversationDetail(valid ? id : '', valid ? convId : '');
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
              <ReplyMeta botId={id} message={m} onChanged={() => void mutate()} />
            </div>
          ))}
        </div>
      )}
    </InsightsPageShell>
  );
}
