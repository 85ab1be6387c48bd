import { useId } from 'react';

export const RENDER_JAVASCRIPT_HINT =
  'Off: only pages the server sends as an empty app shell are opened in a browser. On: every page is, for sites whose pages add their text with JavaScript after loading (slower).';

/** The "Render JavaScript" crawl setting (server/src/crawl/render/), beside "All languages" on the create form, the wizard and Crawl Settings. */
export function RenderJavaScriptField({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange(v: boolean): void;
  disabled?: boolean;
}) {
  const hint = useId();
  return (
    <div className="field">
      <label className="checkbox-row">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} aria-describedby={hint} />
        <span>Render JavaScript</span>
      </label>
      <p id={hint} className="field-hint">
        {RENDER_JAVASCRIPT_HINT}
      </p>
    </div>
  );
}
