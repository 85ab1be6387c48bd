import { useId } from 'react';

export const ALL_LANGUAGES_HINT =
  "Off: the crawl stays in the start page's language (translations, other language folders and pages written in another language are left out, and cost no page of the budget).";

/** The "All languages" crawl setting (server/src/crawl/languageScope.ts), on the create form, the wizard and Crawl Settings. */
export function AllLanguagesField({ checked, onChange, disabled }: { checked: boolean; onChange(v: boolean): void; disabled?: boolean }) {
  const hint = useId();
  return (
    <div className="field">
      <label className="checkbox-row">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} aria-describedby={hint} />
        <span>All languages</span>
      </label>
      <p id={hint} className="field-hint">
        {ALL_LANGUAGES_HINT}
      </p>
    </div>
  );
}
