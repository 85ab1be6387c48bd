import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { apiErrorMessage } from '../../api/errors';
import { sampleSiteUrl } from '../../pages/landing/sampleSite';
import { Alert } from '../../ui/Alert';
import { ChevronDownIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { PatternFields, patternFields } from '../../chatbots/PatternFields';
import { AllLanguagesField } from '../../chatbots/AllLanguagesField';
import { RenderJavaScriptField } from '../../chatbots/RenderJavaScriptField';
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
  const ids = { url: useId(), pages: useId(), depth: useId(), name: useId(), description: useId(), advanced: useId() };
  const [url, setUrl] = useState('');
  const [maxPages, setMaxPages] = useState<string>(FORM_DEFAULTS.max_pages);
  const [maxDepth, setMaxDepth] = useState<number>(FORM_DEFAULTS.max_depth);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [include, setInclude] = useState('');
  const [exclude, setExclude] = useState('');
  const [allLanguages, setAllLanguages] = useState(false);
  const [renderJavascript, setRenderJavascript] = useState(false);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blank = url.trim() === '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blank || submitting) return;
    setSubmitting(true);
    setError(null);
    const pages = Number.parseInt(maxPages, 10);
    try {
      const result = await api.crawlAndIndex({
        url: url.trim(),
        max_depth: maxDepth,
        max_pages: Number.isFinite(pages) && pages > 0 ? pages : Number(FORM_DEFAULTS.max_pages),
        name: name.trim(),
        description: description.trim(),
        ...patternFields(include, exclude),
        ...(allLanguages ? { all_languages: true } : {}),
        ...(renderJavascript ? { render_javascript: true } : {}),
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
          <div className="field">
            <label htmlFor={ids.url}>Start URL</label>
            <input
              id={ids.url}
              className="input"
              type="url"
              required
              placeholder="https://docs.example.com"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              disabled={submitting}
              aria-describedby={`${ids.url}-hint`}
            />
            <p id={`${ids.url}-hint`} className="field-hint">
              Trying Docent for the first time?{' '}
              <button type="button" className="link-button" onClick={() => setUrl(sampleSiteUrl())} disabled={submitting}>
                Use the bundled sample site
              </button>{' '}
              or <Link to="/app/chatbots/create">review pages before indexing</Link>.
            </p>
          </div>
          <div className="field">
            <label htmlFor={ids.pages}>Maximum Pages</label>
            <input
              id={ids.pages}
              className="input"
              type="text"
              inputMode="numeric"
              required
              value={maxPages}
              onChange={(e) => /^\d{0,6}$/.test(e.target.value) && setMaxPages(e.target.value)}
              disabled={submitting}
            />
          </div>
          <div className="collapsible">
            <button
              type="button"
              className="collapsible-trigger"
              aria-expanded={advancedOpen}
              aria-controls={ids.advanced}
              onClick={() => setAdvancedOpen((o) => !o)}
              disabled={submitting}
            >
              <ChevronDownIcon className={`chevron${advancedOpen ? ' is-open' : ''}`} size={16} /> Advanced Configuration
            </button>
            <div id={ids.advanced} className="collapsible-content" hidden={!advancedOpen}>
              <div className="field">
                <label htmlFor={ids.depth}>Maximum Depth</label>
                <select
                  id={ids.depth}
                  className="select"
                  value={maxDepth}
                  onChange={(e) => setMaxDepth(Number(e.target.value) || FORM_DEFAULTS.max_depth)}
                  disabled={submitting}
                >
                  {FORM_DEPTHS.map((d) => (
                    <option key={d} value={d}>
                      {d}
                    </option>
                  ))}
                </select>
              </div>
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
              <PatternFields include={include} exclude={exclude} onInclude={setInclude} onExclude={setExclude} disabled={submitting} />
              <AllLanguagesField checked={allLanguages} onChange={setAllLanguages} disabled={submitting} />
              <RenderJavaScriptField checked={renderJavascript} onChange={setRenderJavascript} disabled={submitting} />
            </div>
          </div>
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
