import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNarrowScreen } from '../../hooks/useMediaQuery';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { sampleSiteUrl } from '../../pages/landing/sampleSite';
import { AllLanguagesField } from '../../chatbots/AllLanguagesField';
import { RenderJavaScriptField } from '../../chatbots/RenderJavaScriptField';
import { PatternFields } from '../../chatbots/PatternFields';
import { WIZARD_DEPTHS, type CrawlConfiguration } from './wizardStorage';

interface Props {
  config: CrawlConfiguration;
  onChange: (patch: Partial<CrawlConfiguration>) => void;
  onCollect: () => void;
  onSkip: () => void;
  collecting: boolean;
  error: string | null;
}

/** Step 1: start URL, page and depth limits; collect sources or skip to adding them by hand. */
export function ConfigureStep({ config, onChange, onCollect, onSkip, collecting, error }: Props) {
  const navigate = useNavigate();
  const narrow = useNarrowScreen();
  const ids = { url: useId(), pages: useId(), depth: useId() };
  const blank = config.url.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blank && !collecting) onCollect();
  };
  return (
    <form className="card wizard-card" onSubmit={submit} noValidate>
      <div className="card-header">
        <h2 className="card-title">Configure Chatbot</h2>
        <p className="card-subtitle">Provide the initial details for your chatbot.</p>
      </div>
      <div className="card-body">
        {error && <Alert title="Error Collecting Sources">{error}</Alert>}
        <div className="field">
          <label htmlFor={ids.url}>Start URL</label>
          <input
            id={ids.url}
            className="input"
            type="url"
            required
            placeholder="https://docs.example.com"
            value={config.url}
            onChange={(e) => onChange({ url: e.target.value })}
            disabled={collecting}
            aria-describedby={`${ids.url}-hint`}
          />
          <p id={`${ids.url}-hint`} className="field-hint">
            The page where crawling starts. Trying Docent for the first time?{' '}
            <button type="button" className="link-button" onClick={() => onChange({ url: sampleSiteUrl() })} disabled={collecting}>
              Use the bundled sample site
            </button>
          </p>
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor={ids.pages}>Maximum Pages</label>
            <input
              id={ids.pages}
              className="input"
              type="text"
              inputMode="numeric"
              required
              value={config.max_pages}
              // Digits only; the field may be emptied while typing (collection then uses 30).
              onChange={(e) => /^\d{0,6}$/.test(e.target.value) && onChange({ max_pages: e.target.value })}
              disabled={collecting}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.depth}>Maximum Depth</label>
            <select
              id={ids.depth}
              className="select"
              value={config.max_depth}
              onChange={(e) => onChange({ max_depth: Number(e.target.value) || 1 })}
              disabled={collecting}
            >
              {WIZARD_DEPTHS.map((d) => (
                <option key={d} value={d}>
                  {d === 1 ? '1 level' : `${d} levels`}
                </option>
              ))}
            </select>
          </div>
        </div>
        <PatternFields
          include={config.include ?? ''}
          exclude={config.exclude ?? ''}
          onInclude={(include) => onChange({ include })}
          onExclude={(exclude) => onChange({ exclude })}
          disabled={collecting}
        />
        <AllLanguagesField
          checked={config.allLanguages === true}
          onChange={(allLanguages) => onChange({ allLanguages })}
          disabled={collecting}
        />
        <RenderJavaScriptField
          checked={config.renderJavascript === true}
          onChange={(renderJavascript) => onChange({ renderJavascript })}
          disabled={collecting}
        />
      </div>
      <div className="card-actions">
        <button type="button" className="btn btn-ghost" onClick={() => navigate('/app/chatbots')} disabled={collecting}>
          Cancel
        </button>
        <div className="card-actions-end">
          <button type="button" className="btn btn-secondary" onClick={onSkip} disabled={collecting}>
            {narrow ? 'Skip' : 'Skip & Add Sources Manually'}
          </button>
          <button type="submit" className="btn btn-primary" disabled={blank || collecting}>
            {collecting && <Spinner size="sm" label="Collecting sources" />}
            {collecting ? (narrow ? 'Collecting...' : 'Collecting Sources...') : narrow ? 'Collect' : 'Collect Sources & Review'}
          </button>
        </div>
      </div>
    </form>
  );
}
