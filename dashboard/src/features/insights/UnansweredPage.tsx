import { Link, useParams, useSearchParams } from 'react-router-dom';
import { REVIEW_STATUSES, type ReviewStatus } from '../../../../shared/src/api/insights';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { InsightsPageShell } from './InsightsPageShell';
import { INVALID_ID, useUnanswered, UUID_RE } from './queries';
import { UnansweredEntry } from './UnansweredEntry';

const FILTER_LABEL: Record<ReviewStatus, string> = { open: 'Open', done: 'Done', dismissed: 'Dismissed' };
const EMPTY: Record<ReviewStatus, string> = {
  open: 'Every question so far was answered.',
  done: 'No question is marked done yet.',
  dismissed: 'No question is dismissed.',
};

/** Open / Done / Dismissed, kept in the address (?status=) so a reload or a shared link keeps the list. */
function StatusFilter({ status }: { status: ReviewStatus }) {
  return (
    <nav className="segmented" aria-label="Show questions">
      {REVIEW_STATUSES.map((s) => (
        <Link
          key={s}
          to={s === 'open' ? '?' : `?status=${s}`}
          replace
          className="segmented-item"
          aria-current={s === status ? 'page' : undefined}
        >
          {FILTER_LABEL[s]}
        </Link>
      ))}
    </nav>
  );
}

/** /app/chatbots/:id/unanswered: the questions the bot refused, was unsure about or answered wrong, rephrasings together. */
export default function UnansweredPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const asked = params.get('status');
  const status: ReviewStatus = REVIEW_STATUSES.includes(asked as ReviewStatus) ? (asked as ReviewStatus) : 'open';
  useDocumentTitle('Unanswered questions');
  const valid = UUID_RE.test(id);
  const { data, error, isLoading, mutate } = useUnanswered(valid ? id : '', status);
  return (
    <InsightsPageShell
      back={`/app/chatbots/${id}`}
      backLabel="Back to chatbot"
      title="Unanswered questions"
      lead="Questions the chatbot refused, was not sure about, or answered wrong, most asked first. Add the page that answers one and the chatbot learns it; mark it done once it does, or dismiss a question your site is not meant to answer."
      loading={valid && isLoading}
      error={valid ? error : INVALID_ID}
      notFound="Chatbot not found."
    >
      <div className="insights-toolbar">
        <StatusFilter status={status} />
      </div>
      {data && data.length === 0 && <p className="muted">{EMPTY[status]}</p>}
      {data && data.length > 0 && (
        <ul className="insights-list" aria-label={`${FILTER_LABEL[status]} unanswered questions`}>
          {data.map((g) => (
            <UnansweredEntry key={`${g.question}-${g.last_asked}`} botId={id} group={g} status={status} onMoved={() => void mutate()} />
          ))}
        </ul>
      )}
    </InsightsPageShell>
  );
}
