/** Accessible loading indicator; `label` is read to screen readers. */
export function Spinner({ label = 'Loading', size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={`spinner spinner-${size}`} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Centred spinner filling the viewport, used while auth loads. */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="fullscreen-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
