import { useTimedValue, copyText } from '../../hooks/useTimedFlag';
import { CheckIcon, CopyIcon } from '../../ui/icons';

export const COPIED_MS = 2000;

/** A Copy button whose label turns into `doneLabel` for 2 s after a successful copy. */
export function CopyButton({
  text,
  label,
  doneLabel,
  className = 'btn btn-secondary btn-sm',
}: {
  text: string;
  label: string;
  doneLabel: string;
  className?: string;
}) {
  const [done, flash] = useTimedValue<boolean>();
  return (
    <button type="button" className={className} onClick={async () => (await copyText(text)) && flash(true, COPIED_MS)}>
      {done ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
      <span aria-live="polite">{done ? doneLabel : label}</span>
    </button>
  );
}
