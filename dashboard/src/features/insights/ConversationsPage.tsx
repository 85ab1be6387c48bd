import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../../../shared/src/dates';
import { insightsApi } from '../../api/insights';
import { apiErrorMessage } from '../../api/errors';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { SearchIcon } from '../../ui/icons';
import { useToast } from '../../ui/toast';
import { saveBlob } from './download';
import { InsightsPageShell } from './InsightsPageShell';
import { INVALID_ID, useConversationPage, UUID_RE } from './queries';

const PAGE_SIZE = 20;

/** /app/chatbots/:id/conversations: every visitor conversation of the bot, newest first, searchable, exportable. */
export default function ConversationsPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Conversations');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const valid = UUID_RE.test(id);
  const { data, error, isLoading } = useConversationPage(valid ? id : '', q, page, PAGE_SIZE);
  const [draft, setDraft] = useState(q);
  const [exporting, setExporting] = useState<string | null>(null);
  const toast = useToast();

  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  const goTo = (p: number) => setParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  const exportAs = async (format: 'csv' | 'json') => {
    setExporting(format);
    try {
      saveBlob(await insightsApi.exportConversations(id, format), `conversations-${id}.${format}`);
    } catch (err) {
      toast({
        title: 'Export Error',
        description: apiErrorMessage(err, 'Failed to export the conversations. Please try again.'),
        variant: 'error',
      });
    } finally {
      setExporting(null);
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <InsightsPageShell
      back={`/app/chatbots/${id}`}
      backLabel="Back to chatbot"
      title="Conversations"
      lead="What visitors asked this chatbot, newest first."
      loading={valid && isLoading && !data}
      error={valid ? error : INVALID_ID}
      notFound="Chatbot not found."
      actions={
        <>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => exportAs('csv')} disabled={exporting !== null}>
            Export CSV
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => exportAs('json')} disabled={exporting !== null}>
            Export JSON
          </button>
        </>
      }
    >
      <div className="insights-toolbar">
        <form role="search" onSubmit={search}>
          <input
            className="input"
            type="search"
            aria-label="Search conversations"
            placeholder="Search the messages"
            value={draft}
            maxLength={200}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="btn btn-secondary">
            <SearchIcon size={16} /> Search
          </button>
        </form>
        {data && <span className="muted">{data.total === 1 ? '1 conversation' : `${data.total} conversations`}</span>}
      </div>
      {data?.search_scope_reached && <p className="muted">Only the newest 10,000 conversations are searched; the export holds them all.</p>}
      {data && data.conversations.length === 0 && (
        <p className="muted">{q ? `No conversation mentions “${q}”.` : 'No visitor has chatted with this bot yet.'}</p>
      )}
      {data && data.conversations.length > 0 && (
        <ul className="insights-list" aria-label="Conversations">
          {data.conversations.map((c) => (
            <li key={c.id}>
              <Link className="insights-item" to={`/app/chatbots/${id}/conversations/${c.id}`}>
                <div className="insights-item-title truncate">{c.first_question || c.title}</div>
                <div className="insights-item-meta">
                  {formatDateTime(c.last_message_at ?? c.created_at)} · {c.message_count} messages
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <nav className="insights-pager" aria-label="Pages">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => goTo(page - 1)} disabled={page <= 1}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => goTo(page + 1)} disabled={page >= pages}>
            Next
          </button>
        </nav>
      )}
    </InsightsPageShell>
  );
}
