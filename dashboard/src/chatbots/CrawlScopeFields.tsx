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
        <label htmlFor={ids.include}>Include patterns</label>
        <textarea
          id={ids.include}
          className="textarea mono"
          rows={2}
          value={value.include ?? ''}
          onChange={(e) => onChange({ include: e.target.value })}
          placeholder="/docs/**"
          aria-describedby={ids.patternHint}
          disabled={disabled}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.exclude}>Exclude patterns</label>
        <textarea
          id={ids.exclude}
          className="textarea mono"
          rows={2}
          value={value.exclude ?? ''}
          onChange={(e) => onChange({ exclude: e.target.value })}
          placeholder="/blog/**"
          aria-describedby={ids.patternHint}
          disabled={disabled}
        />
        <p id={ids.patternHint} className="field-hint">
          {PATTERN_HINT}
        </p>
      </div>
      <div className="field">
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={value.allLanguages === true}
            onChange={(e) => onChange({ allLanguages: e.target.checked })}
            disabled={disabled}
            aria-describedby={ids.languagesHint}
          />
          <span>All languages</span>
        </label>
        <p id={ids.languagesHint} className="field-hint">
          {ALL_LANGUAGES_HINT}
        </p>
      </div>
      <div className="field">
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={value.renderJavascript === true}
            onChange={(e) => onChange({ renderJavascript: e.target.checked })}
            disabled={disabled}
            aria-describedby={ids.renderHint}
          />
          <span>Render JavaScript</span>
        </label>
        <p id={ids.renderHint} className="field-hint">
          {RENDER_JAVASCRIPT_HINT}
        </p>
      </div>
    </>
  );
}
