import { Alert } from './Alert';
import { Spinner } from './Spinner';

/** What a settings form says after a save: success or failure, with the server's reason. */
export type SaveNotice = { kind: 'success' | 'error'; title: string; text?: string };

/**
 * The end of a settings form: the save's notice (while it shows), then the submit button with a
 * spinner while saving. `compact` sits inside the card body (a small button under the fields);
 * otherwise the button fills the card's action bar and reads `savingLabel` while busy.
 */
export function SaveFooter({
  notice,
  saving,
  label,
  savingLabel,
  compact = false,
}: {
  notice: SaveNotice | null;
  saving: boolean;
  label: string;
  savingLabel?: string;
  compact?: boolean;
}) {
  const alert = notice && (
    <Alert title={notice.title} variant={notice.kind}>
      {notice.text}
    </Alert>
  );
  if (compact)
    return (
      <>
        {alert}
        <div className="button-row">
          <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
            {saving && <Spinner size="sm" label="Saving" />} {label}
          </button>
        </div>
      </>
    );
  return (
    <>
      {alert && <div className="card-body">{alert}</div>}
      <div className="card-actions card-actions-right">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving && <Spinner size="sm" label="Saving" />}
          {saving && savingLabel ? savingLabel : label}
        </button>
      </div>
    </>
  );
}
