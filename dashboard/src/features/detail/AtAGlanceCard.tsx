import { Link } from 'react-router-dom';
import { ChatIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { DailyChart, visibleDays } from './DailyChart';
import { percent, useSummary } from './summary';
import './atAGlance.css';

/**
 * At a glance (issue 18): the last 30 days of visitor activity (from the bot's creation, when it is
 * newer: issue 39), answer rate and feedback rate.
 */
export function AtAGlanceCard({ botId, createdAt }: { botId: string; createdAt?: string | null }) {
  const { data, error, isLoading } = useSummary(botId);
  const days = data ? visibleDays(data.days, createdAt) : [];
  return (
    <section className="card" aria-labelledby="glance-title">
      <div className="card-header">
        <h2 id="glance-title" className="card-title">
          <ChatIcon size={18} /> At a Glance
        </h2>
        <p className="card-subtitle">Visitor conversations over the last {days.length || 30} days.</p>
      </div>
      <div className="card-body">
        {isLoading && <Spinner size="sm" label="Loading activity" />}
        {error && !data && <p className="error-text">Could not load the activity. Please try again later.</p>}
        {data && (
          <>
            <DailyChart days={days} />
            <dl className="meta-list insights-stats">
              <div>
                <dt>
                  <span className="insights-label-long">Conversations</span>
                  <span className="insights-label-short">Chats</span>
                </dt>
                <dd>{data.totals.conversations}</dd>
              </div>
              <div>
                <dt>Messages</dt>
                <dd>{data.totals.messages}</dd>
              </div>
              <div>
                <dt>Answer rate</dt>
                <dd title="Replies that answered: not unsure, not refused, not marked wrong">{percent(data.answer_rate)}</dd>
              </div>
              <div>
                <dt>Feedback rate</dt>
                <dd title="Replies a visitor rated with a thumb">
                  {percent(data.feedback_rate)}
                  {data.positive_share !== null && <span className="insights-stat-note">({percent(data.positive_share)} positive)</span>}
                </dd>
              </div>
            </dl>
          </>
        )}
        <div className="button-row">
          <Link className="btn btn-secondary btn-sm" to={`/app/chatbots/${botId}/conversations`}>
            Conversations
          </Link>
          <Link className="btn btn-secondary btn-sm" to={`/app/chatbots/${botId}/unanswered`}>
            Unanswered questions
          </Link>
        </div>
      </div>
    </section>
  );
}
