import { Link } from 'react-router-dom';
import type { Chatbot } from '../../../../shared/src/api/types';
import { pagesIndexed } from '../../chatbots/counts';
import { CrawlLimitNotice } from '../../chatbots/CrawlLimitNotice';
import { CrawlProgress } from '../../chatbots/CrawlProgress';
import { formatLocalDateTime } from '../../chatbots/dates';
import { useRefreshChatbots } from '../../chatbots/queries';
import { StatusBadge } from '../../chatbots/StatusBadge';
import { useTaskPolling } from '../../chatbots/useTaskPolling';

/** One chatbot in the All Chatbots grid (spec §2). */
export function ChatbotCard({ chatbot }: { chatbot: Chatbot }) {
  const refresh = useRefreshChatbots();
  const task = useTaskPolling(chatbot.id, chatbot.latest_task ?? undefined, () => refresh(chatbot.id));
  const name = chatbot.name || 'Untitled Chatbot';
  return (
    <article className="card chatbot-card" aria-labelledby={`bot-${chatbot.id}`}>
      <div className="chatbot-card-head">
        <h2 id={`bot-${chatbot.id}`} className="chatbot-card-title">
          {name}
        </h2>
        <StatusBadge task={task} />
      </div>
      <p className="chatbot-card-description">{chatbot.description || 'No description provided.'}</p>
      <CrawlProgress task={task} />
      <CrawlLimitNotice chatbot={chatbot} task={task} compact />
      <dl className="meta-list">
        <div>
          <dt>Created At</dt>
          <dd>{formatLocalDateTime(chatbot.created_at)}</dd>
        </div>
        <div>
          <dt>Documents</dt>
          <dd>{pagesIndexed(chatbot.document_count)}</dd>
        </div>
      </dl>
      <Link to={`/app/chatbots/${chatbot.id}`} className="btn btn-secondary btn-block" aria-label={`View Details of ${name}`}>
        View Details
      </Link>
    </article>
  );
}
