import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNarrowScreen } from '../../hooks/useMediaQuery';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { CrawlSettingsFields } from '../../chatbots/CrawlSettingsFields';
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
        <CrawlSettingsFields
          fields="all"
          value={config}
          onChange={onChange}
          disabled={collecting}
          urlHint={{ before: 'The page where crawling starts. ' }}
          depths={WIZARD_DEPTHS}
          depthLabel={(d) => (d === 1 ? '1 level' : `${d} levels`)}
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
