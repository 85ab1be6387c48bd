import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../../shared/src/dates';
import type { ReplySummary, ReviewStatus, UnansweredGroup } from '../../../../shared/src/api/insights';
import { api } from '../../api/client';
import { apiErrorMessage } from '../../api/errors';
import { insightsApi } from '../../api/insights';
import { useToast } from '../../ui/toast';
import { Spinner } from '../../ui/Spinner';

/** From a group, the owner adds the page that answers it: crawled into the bot by POST /chatbots/:id/sources. */
function AddSourceForm({ botId, question }: { botId: string; question: string }) {
  const toast = useToast();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await api.addSource(botId, url.trim());
      toast({
        title: 'Page added.',
        description: 'It is being crawled into the chatbot; the question can be answered once it is indexed.',
        variant: 'success',
      });
      setUrl('');
    } catch (err) {
      setError(apiErrorMessage(err, 'Failed to add the page. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label={`Add a source for “${question}”`}>
      <input
        className="input"
        type="url"
        required
        placeholder="https://your-site.example/page-that-answers"
        aria-label="Page URL that answers this question"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <button type="submit" className="btn btn-secondary" disabled={busy || !url.trim()}>
        {busy && <Spinner size="sm" label="Adding" />} Add source
      </button>
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

const REPLY_LABEL = { none: 'Refused', unsure: 'Not sure', wrong: 'Marked wrong' } as const;
const REPLY_BADGE = { none: 'badge-failed', unsure: 'badge-pending', wrong: 'badge-failed' } as const;

/** What the bot said: refused, not sure (and the closest passage it offered), or a reply the owner marked wrong. */
function ReplyBlock({ reply }: { reply: ReplySummary }) {
  const passage = reply.source;
  return (
    <div className="unanswered-reply">
      <p className="unanswered-reply-head">
        <span className={`badge ${REPLY_BADGE[reply.kind]}`}>{REPLY_LABEL[reply.kind]}</span>{' '}
        <span className="muted">The chatbot replied:</span>
      </p>
      <blockquote className="unanswered-reply-text">{reply.text}</blockquote>
      {passage && (
        <p className="insights-item-meta">
          {reply.kind === 'unsure' ? 'Closest passage offered: ' : 'Passage quoted: '}
          <a href={passage.url} target="_blank" rel="noopener noreferrer">
            {passage.title || passage.url}
          </a>
          {passage.snippet && <> — “{passage.snippet}”</>}
        </p>
      )}
    </div>
  );
}

/** The buttons that move an entry between the open, done and dismissed lists. */
const MOVES: Record<ReviewStatus, { to: ReviewStatus; label: string }[]> = {
  open: [
    { to: 'done', label: 'Mark done' },
    { to: 'dismissed', label: 'Dismiss' },
  ],
  done: [{ to: 'open', label: 'Reopen' }],
  dismissed: [{ to: 'open', label: 'Reopen' }],
};
const MOVED: Record<ReviewStatus, string> = {
  open: 'Reopened: it is back in the open list.',
  done: 'Marked done: it is in the done list.',
  dismissed: 'Dismissed: it is in the dismissed list.',
};

/** One unanswered question (its rephrasings together): what the bot said, where it was asked, and what to do about it. */
export function UnansweredEntry(props: { botId: string; group: UnansweredGroup; status: ReviewStatus; onMoved: () => void }) {
  const { botId, group, status, onMoved } = props;
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const move = async (to: ReviewStatus) => {
    setBusy(true);
    try {
      await insightsApi.reviewUnanswered(botId, group.reply_ids, to);
      toast({ title: MOVED[to], variant: 'success' });
      onMoved();
    } catch (err) {
      toast({
        title: 'Update Error',
        description: apiErrorMessage(err, 'Failed to update the question. Please try again.'),
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="insights-group">
      <div className="unanswered-head">
        <h2>{group.question}</h2>
        <div className="button-row">
          {MOVES[status].map((m) => (
            <button
              key={m.to}
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={busy || group.reply_ids.length === 0}
              onClick={() => move(m.to)}
            >
              {m.label}
            </button>
          ))}
        </div>
      </div>
      <p className="insights-item-meta">
        Asked {group.count === 1 ? 'once' : `${group.count} times`} · last {formatDateTime(group.last_asked)}
      </p>
      {group.variants.length > 0 && (
        <>
          <p className="muted">Also asked as:</p>
          <ul>
            {group.variants.map((v) => (
              <li key={v}>{v}</li>
            ))}
          </ul>
        </>
      )}
      {group.latest_reply && <ReplyBlock reply={group.latest_reply} />}
      <p className="unanswered-conversations">
        <span className="muted">Asked in: </span>
        {group.conversations.map((c, i) => (
          <span key={c.id}>
            {i > 0 && ' · '}
            <Link to={`/app/chatbots/${botId}/conversations/${c.id}`}>
              {c.title || 'Untitled Conversation'}, {formatDateTime(c.asked_at)}
            </Link>
          </span>
        ))}
      </p>
      {status === 'open' && <AddSourceForm botId={botId} question={group.question} />}
    </li>
  );
}
