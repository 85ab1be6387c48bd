/**
 * Include/exclude glob patterns an owner sets on a bot: which URLs a crawl (and a collection) takes.
 *
 * A pattern matches a URL's path and query (`/docs/**`, `**\/*.html`, `/blog/*?page=*`), or the
 * whole URL when it names a scheme (`https://example.com/docs/**`). `*` and `?` stay within one
 * path segment; `**` crosses them. A URL is taken when it matches an include pattern (or there are
 * none) and no exclude pattern; exclude wins.
 *
 * Matching simulates the pattern as a small automaton over the URL (time bounded by pattern length
 * × URL length), never as a backtracking regular expression: a pattern like `*a*a*a*a*b` cannot
 * make one URL take seconds.
 */
export const MAX_PATTERNS = 20;
export const MAX_PATTERN_LENGTH = 200;

export interface UrlPatterns {
  include: string[];
  exclude: string[];
}

type Token = { kind: 'char'; c: string } | { kind: 'one' } | { kind: 'star' } | { kind: 'globstar' };

interface Compiled {
  full: boolean;
  tokens: Token[];
}

/** Why a pattern cannot be used, in words for the owner, or undefined when it is fine. */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.trim() === '') return 'A pattern cannot be empty.';
  if (pattern.length > MAX_PATTERN_LENGTH) return `A pattern can be at most ${MAX_PATTERN_LENGTH} characters long.`;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(pattern)) return `The pattern "${pattern.slice(0, 60)}" contains a space or control character.`;
  const full = /^[a-z][a-z0-9+.-]*:/i.test(pattern);
  if (full && !/^https?:\/\//i.test(pattern))
    return `The pattern "${pattern.slice(0, 60)}" must start with / or * (a path), or with http:// or https://.`;
  if (!full && !pattern.startsWith('/') && !pattern.startsWith('*'))
    return `The pattern "${pattern.slice(0, 60)}" must start with / or * (a path), or with http:// or https://.`;
  if (/\*{3,}/.test(pattern)) return `The pattern "${pattern.slice(0, 60)}" has more than two * in a row.`;
  return undefined;
}

function compile(pattern: string): Compiled {
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      tokens.push({ kind: 'globstar' });
      i++;
      // `/**/` also matches a single `/` (`/docs/**/x.html` takes `/docs/x.html`).
      if (
        pattern[i + 1] === '/' &&
        tokens.length >= 2 &&
        tokens[tokens.length - 2]!.kind === 'char' &&
        (tokens[tokens.length - 2] as { c: string }).c === '/'
      )
        i++;
    } else if (c === '*') tokens.push({ kind: 'star' });
    else if (c === '?') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'char', c });
  }
  return { full: /^https?:\/\//i.test(pattern), tokens };
}

/** Whether the tokens match the whole text: a set of automaton states advanced one character at a time. */
function matches(tokens: Token[], text: string): boolean {
  const n = tokens.length;
  let states = new Uint8Array(n + 1);
  const close = (s: Uint8Array) => {
    // A star may match nothing: reaching it also reaches the token after it.
    for (let i = 0; i < n; i++) if (s[i] && (tokens[i]!.kind === 'star' || tokens[i]!.kind === 'globstar')) s[i + 1] = 1;
  };
  states[0] = 1;
  close(states);
  for (const ch of text) {
    const next = new Uint8Array(n + 1);
    let any = false;
    for (let i = 0; i < n; i++) {
      if (!states[i]) continue;
      const t = tokens[i]!;
      if (t.kind === 'char' ? t.c === ch : t.kind === 'one' ? ch !== '/' : false) next[i + 1] = 1;
      else if (t.kind === 'star' && ch !== '/') next[i] = 1;
      else if (t.kind === 'globstar') next[i] = 1;
      else continue;
      any = true;
    }
    if (!any) return false;
    close(next);
    states = next;
  }
  return states[n] === 1;
}

/** The URL test for a bot's patterns, or undefined when it has none (every URL is taken). */
export function urlFilter(patterns: UrlPatterns | undefined): ((url: string) => boolean) | undefined {
  if (!patterns || (patterns.include.length === 0 && patterns.exclude.length === 0)) return undefined;
  const include = patterns.include.map(compile);
  const exclude = patterns.exclude.map(compile);
  const test = (p: Compiled, full: string, path: string) => matches(p.tokens, p.full ? full : path);
  return (url: string) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return false;
    }
    const path = u.pathname + u.search;
    if (exclude.some((p) => test(p, url, path))) return false;
    return include.length === 0 || include.some((p) => test(p, url, path));
  };
}

/** Patterns as stored: trimmed, blank lines and repeats dropped. */
export function cleanPatterns(list: readonly string[] | undefined): string[] {
  return [...new Set((list ?? []).map((p) => p.trim()).filter((p) => p !== ''))];
}

export const PATTERN_SKIP_REASON = 'Left out by the URL patterns';
