/** Outcome of the review step's Add Source button (spec §5), as a toast and a state change. */
export type AddSourceOutcome =
  | { kind: 'warning'; message: 'Please enter a source to add.' | 'Source already exists and is selected.' }
  | { kind: 'error'; message: 'Invalid URL format.' }
  | { kind: 'added'; message: 'Source added and selected.'; url: string }
  | { kind: 'selected'; message: 'Existing source selected.'; url: string };

/** An absolute http(s) URL, or null. */
export function parseSourceUrl(input: string): string | null {
  try {
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Decides what adding `input` does, given the current sources and selection. */
export function evaluateAddSource(
  input: string,
  sources: readonly string[],
  selected: Readonly<Record<string, boolean>>,
): AddSourceOutcome {
  const text = input.trim();
  if (!text) return { kind: 'warning', message: 'Please enter a source to add.' };
  const href = parseSourceUrl(text);
  if (!href) return { kind: 'error', message: 'Invalid URL format.' };
  // "https://a.com" and "https://a.com/" are the same source.
  const existing = sources.find((s) => s === text || s === href || parseSourceUrl(s) === href);
  if (existing) {
    if (selected[existing]) return { kind: 'warning', message: 'Source already exists and is selected.' };
    return { kind: 'selected', message: 'Existing source selected.', url: existing };
  }
  return { kind: 'added', message: 'Source added and selected.', url: href };
}
