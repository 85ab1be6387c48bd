import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../../shared/src/dates';
import type { UnansweredGroup } from '../../../../shared/src/api/insights';
import { api } from '../../api/client';
import { apiErrorMessage } from '../../api/errors';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useToast } from '../../ui/toast';
import { Spinner } from '../../ui/Spinner';
import { InsightsPageShell } from './InsightsPageShell';
import { INVALID_ID, useUnanswered, UUID_RE } from './queries';

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

function Group({ botId, group }: { botId: string; group: UnansweredGroup }) {
  return (
    <li className="insights-group">
      <h2>{group.question}</h2>
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
      <p>
        {group.conversation_ids.map((c, i) => (
          <span key={c}>
            {i > 0 && ' · '}
            <Link to={`/app/chatbots/${botId}/conversations/${c}`}>Conversation {i + 1}</Link>
          </span>
        ))}
      </p>
      <AddSourceForm botId={botId} question={group.question} />
    </li>
  );
}

/** /app/chatbots/:id/unanswered: the questions the bot refused or was unsure about, rephrasings together. */
export default function UnansweredPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Unanswered questions');
  const valid = UUID_RE.test(id);
  const { data, error, isLoading } = useUnanswered(valid ? id : '');
  return (
    <InsightsPageShell
      back={`/app/chatbots/${id}`}
      backLabel="Back to chatbot"
      title="Unanswered questions"
      lead="Questions the chatbot refused or was not sure about, most asked first. Add the page that answers one and the chatbot learns it."
      loading={valid && isLoading}
      error={valid ? error : INVALID_ID}
      notFound="Chatbot not found."
    >
      {data && data.length === 0 && <p className="muted">Every question so far was answered.</p>}
      {data && data.length > 0 && (
        <ul className="insights-list" aria-label="Unanswered questions">
          {data.map((g) => (
            <Group key={`${g.question}-${g.last_asked}`} botId={id} group={g} />
          ))}
        </ul>
      )}
    </InsightsPageShell>
  );
}
