import { useId } from 'react';
import type { CrawlScope } from './crawlSettings';

export const PATTERN_HINT =
  'One per line. /docs/** takes everything under /docs/; * stays within one path segment; a full https:// pattern matches the whole address. Leave include empty to take every page.';

export const ALL_LANGUAGES_HINT =
  "Off: the crawl stays in the start page's language (translations, other language folders and pages written in another language are left out, and cost no page of the budget).";

export const RENDER_JAVASCRIPT_HINT =
  'Off: only pages the server sends as an empty app shell are opened in a browser. On: every page is, for sites whose pages add their text with JavaScript after loading (slower).';

/**
 * Which pages a crawl takes: include and exclude URL patterns, "All languages"
 * (server/src/crawl/languageScope.ts) and "Render JavaScript" (server/src/crawl/render/).
 * A part of CrawlSettingsFields, the only form that shows it.
 */
export function CrawlScopeFields({
  value,
  onChange,
  disabled,
}: {
  value: CrawlScope;
  onChange(patch: Partial<CrawlScope>): void;
  disabled?: boolean;
}) {
  const ids = { include: useId(), exclude: useId(), patternHint: useId(), languagesHint: useId(), renderHint: useId() };
  return (
    <>
      <div className="field">
        <PatternArea
          id={ids.include}
          label="Include patterns"
          placeholder="/docs/**"
          value={value.include}
          hintId={ids.patternHint}
          disabled={disabled}
          onChange={(include) => onChange({ include })}
        />
      </div>
      <div className="field">
        <PatternArea
          id={ids.exclude}
          label="Exclude patterns"
          placeholder="/blog/**"
          value={value.exclude}
          hintId={ids.patternHint}
          disabled={disabled}
          onChange={(exclude) => onChange({ exclude })}
        />
        <p id={ids.patternHint} className="field-hint">
          {PATTERN_HINT}
        </p>
      </div>
      <CheckboxField
        label="All languages"
        hint={ALL_LANGUAGES_HINT}
        hintId={ids.languagesHint}
        checked={value.allLanguages === true}
        disabled={disabled}
        onChange={(allLanguages) => onChange({ allLanguages })}
      />
      <CheckboxField
        label="Render JavaScript"
        hint={RENDER_JAVASCRIPT_HINT}
        hintId={ids.renderHint}
        checked={value.renderJavascript === true}
        disabled={disabled}
        onChange={(renderJavascript) => onChange({ renderJavascript })}
      />
    </>
  );
}

/** One URL-pattern list: a label and its textarea, described by the shared pattern hint. */
function PatternArea(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string | undefined;
  hintId: string;
  disabled?: boolean;
  onChange(text: string): void;
}) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <textarea
        id={props.id}
        className="textarea mono"
        rows={2}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder={props.placeholder}
        aria-describedby={props.hintId}
        disabled={props.disabled}
      />
    </>
  );
}

/** A crawl switch: a checkbox with its label and the hint that says what "off" means. */
function CheckboxField(props: {
  label: string;
  hint: string;
  hintId: string;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div className="field">
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={props.checked}
          onChange={(e) => props.onChange(e.target.checked)}
          disabled={props.disabled}
          aria-describedby={props.hintId}
        />
        <span>{props.label}</span>
      </label>
      <p id={props.hintId} className="field-hint">
        {props.hint}
      </p>
    </div>
  );
}
