import { useId } from 'react';

/** Patterns as the owner types them (one per line) and as the API takes them (a list). */
export const patternLines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** The request fields for typed patterns: only the lists that have any (requests stay as they were without). */
export function patternFields(include: string, exclude: string): { include_patterns?: string[]; exclude_patterns?: string[] } {
  const inc = patternLines(include);
  const exc = patternLines(exclude);
  return { ...(inc.length ? { include_patterns: inc } : {}), ...(exc.length ? { exclude_patterns: exc } : {}) };
}

export const PATTERN_HINT =
  'One per line. /docs/** takes everything under /docs/; * stays within one path segment; a full https:// pattern matches the whole address. Leave include empty to take every page.';

/** Include and exclude URL patterns, on the create form, the wizard and the detail page. */
export function PatternFields({
  include,
  exclude,
  onInclude,
  onExclude,
  disabled,
}: {
  include: string;
  exclude: string;
  onInclude(v: string): void;
  onExclude(v: string): void;
  disabled?: boolean;
}) {
  const ids = { include: useId(), exclude: useId(), hint: useId() };
  return (
    <>
      <div className="field">
        <label htmlFor={ids.include}>Include patterns</label>
        <textarea
          id={ids.include}
          className="textarea mono"
          rows={2}
          value={include}
          onChange={(e) => onInclude(e.target.value)}
          placeholder="/docs/**"
          aria-describedby={ids.hint}
          disabled={disabled}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.exclude}>Exclude patterns</label>
        <textarea
          id={ids.exclude}
          className="textarea mono"
          rows={2}
          value={exclude}
          onChange={(e) => onExclude(e.target.value)}
          placeholder="/blog/**"
          aria-describedby={ids.hint}
          disabled={disabled}
        />
        <p id={ids.hint} className="field-hint">
          {PATTERN_HINT}
        </p>
      </div>
    </>
  );
}
