import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { apiErrorMessage } from '../../api/errors';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { CrawlSettingsFields } from '../../chatbots/CrawlSettingsFields';
import { crawlScopeRequest, pagesOr, type CrawlSettings } from '../../chatbots/crawlSettings';
import { useToast } from '../../ui/toast';
import { useRefreshChatbots } from '../../chatbots/queries';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

export const FORM_DEFAULTS = { max_pages: '10', max_depth: 2 } as const;

/**
 * The name the server gives a bot created without one: the start URL's host (POST /crawl-and-index
 * answers only the ids, so the toast derives it the same way).
 */
export function defaultBotName(url: string): string {
  const trimmed = url.trim();
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`).host || trimmed;
  } catch {
    return trimmed;
  }
}
const FORM_DEPTHS = [1, 2, 3, 4, 5] as const;

/** /app and /app/chatbots/new: the single-form reading, POST /crawl-and-index (spec §2, §8). */
export default function CreateChatbotForm() {
  useDocumentTitle('Create New Chatbot');
  const navigate = useNavigate();
  const toast = useToast();
  const refresh = useRefreshChatbots();
  const ids = { name: useId(), description: useId() };
  const [settings, setSettings] = useState<CrawlSettings>({ url: '', ...FORM_DEFAULTS });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = settings.url;
  const blank = url.trim() === '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blank || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const result = await api.crawlAndIndex({
        url: url.trim(),
        max_depth: settings.max_depth,
        max_pages: pagesOr(settings.max_pages, Number(FORM_DEFAULTS.max_pages)),
        name: name.trim(),
        description: description.trim(),
        ...crawlScopeRequest(settings),
      });
      // A 2xx answer with success false (or without an id) is the server saying it failed.
      if (!result.success || !result.data?.chatbot_id) {
        setError('API indicated failure starting crawl and index task.');
        toast({ title: 'Failed to start crawl and index task.', variant: 'error' });
        setSubmitting(false);
        return;
      }
      toast({ title: `Chatbot "${name.trim() || defaultBotName(url)}" is being created!`, variant: 'success' });
      refresh();
      navigate('/app/chatbots');
    } catch (err) {
      const message = apiErrorMessage(err, 'Failed to start crawl and index task. Please try again.');
      setError(message);
      toast({ title: `Error: ${message}`, variant: 'error' });
      setSubmitting(false);
    }
  };

  return (
    <div className="page page-narrow">
      <div className="page-header">
        <div>
          <h1>Create New Chatbot</h1>
          <p className="page-lead">Crawl a website and turn its pages into a chatbot in one go.</p>
        </div>
      </div>
      <form className="card wizard-card" onSubmit={submit} noValidate>
        <div className="card-body">
          {error && <Alert title="Error Starting Crawl">{error}</Alert>}
          <CrawlSettingsFields
            fields="all"
            value={settings}
            onChange={(patch) => setSettings((cur) => ({ ...cur, ...patch }))}
            disabled={submitting}
            urlHint={{
              after: (
                <>
                  {' '}
                  or <Link to="/app/chatbots/create">review pages before indexing</Link>.
                </>
              ),
            }}
            depths={FORM_DEPTHS}
            advanced={
              <>
                <div className="field">
                  <label htmlFor={ids.name}>Chatbot Name</label>
                  <input
                    id={ids.name}
                    className="input"
                    type="text"
                    maxLength={200}
                    placeholder="Acme Docs Assistant"
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    disabled={submitting}
                  />
                </div>
                <div className="field">
                  <label htmlFor={ids.description}>Description</label>
                  <textarea
                    id={ids.description}
                    className="textarea"
                    maxLength={2000}
                    placeholder="What should visitors ask this chatbot about?"
                    value={description}
                    onChange={(e) => setDescription(e.target.value)}
                    disabled={submitting}
                  />
                </div>
              </>
            }
          />
        </div>
        <div className="card-actions">
          <button type="button" className="btn btn-ghost" onClick={() => navigate('/app/chatbots')} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={blank || submitting}>
            {submitting && <Spinner size="sm" label="Creating chatbot" />}
            {submitting ? 'Creating Chatbot...' : 'Create Chatbot'}
          </button>
        </div>
      </form>
    </div>
  );
}
