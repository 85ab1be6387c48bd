/**
 * Include/exclude glob patterns an owner sets on a bot: which URLs a crawl (and a collection) takes.
 *
 * A pattern matches a URL's path and query (`/docs/**`, `**\/*.html`, `/blog/*?page=*`), or the
 * whole URL when it names a scheme (`https://example.com/docs/**`). `*` and `?` stay within one
 * path segment; `**` crosses them. A URL is taken when it matches an include pattern (or there are
 * none) and no exclude pattern; exclude wins.
 *
 * All of a bot's patterns are compiled into one automaton (patternAutomaton.ts), never a
 * backtracking regular expression: testing a URL costs one step per character of the URL, however
 * many patterns and stars there are. URLs longer than MAX_URL_LENGTH are never taken.
 */
import { EXCLUDE_HIT, INCLUDE_HIT, PatternAutomaton, type GlobToken } from './patternAutomaton.js';

export const MAX_PATTERNS = 20;
export const MAX_PATTERN_LENGTH = 200;
/** Longer URLs are not considered (browsers and sitemaps stop at 2,048 characters too; urls.ts drops them when normalising). */
export const MAX_URL_LENGTH = 2048;
const SLASH = 0x2f;

export interface UrlPatterns {
  include: string[];
  exclude: string[];
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

/** A pattern as automaton tokens. A run of stars holding a `**` is one `**` (the same language), so the automaton's closure is one pass. */
function tokensOf(pattern: string): GlobToken[] {
  const tokens: GlobToken[] = [];
  const push = (t: GlobToken) => {
    const last = tokens[tokens.length - 1];
    if ((t === 'star' || t === 'globstar') && (last === 'star' || last === 'globstar')) {
      if (t === 'globstar') tokens[tokens.length - 1] = 'globstar';
    } else tokens.push(t);
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      const afterSlash = tokens[tokens.length - 1] === SLASH;
      push('globstar');
      i++;
      // `/**/` also matches a single `/` (`/docs/**/x.html` takes `/docs/x.html`).
      if (pattern[i + 1] === '/' && afterSlash) i++;
    } else if (c === '*') push('star');
    else if (c === '?') push('one');
    else push(c.charCodeAt(0));
  }
  return tokens;
}

/**
 * A bot's patterns compiled once (per crawl or collection): keep() tests a URL against all of them
 * in time linear in the URL's length (patternAutomaton.ts). `steps` counts the work, for tests.
 */
export class UrlPatternFilter {
  private readonly onUrl?: PatternAutomaton;
  private readonly onPath?: PatternAutomaton;
  private readonly hasInclude: boolean;

  constructor(patterns: UrlPatterns) {
    const all = [...patterns.include.map((p) => ({ p, exclude: false })), ...patterns.exclude.map((p) => ({ p, exclude: true }))].map(
      ({ p, exclude }) => ({ full: /^https?:\/\//i.test(p), tokens: tokensOf(p), exclude }),
    );
    const full = all.filter((p) => p.full);
    const path = all.filter((p) => !p.full);
    if (full.length > 0) this.onUrl = new PatternAutomaton(full);
    if (path.length > 0) this.onPath = new PatternAutomaton(path);
    this.hasInclude = patterns.include.length > 0;
  }

  get steps(): number {
    return (this.onUrl?.steps ?? 0) + (this.onPath?.steps ?? 0);
  }

  /** DFA states the automata hold (tests check the state cap is reached). */
  get storedStates(): number {
    return (this.onUrl?.storedStates ?? 0) + (this.onPath?.storedStates ?? 0);
  }

  /** Whether the patterns take this URL; never one longer than MAX_URL_LENGTH. */
  keep(url: string): boolean {
    if (url.length > MAX_URL_LENGTH) return false;
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return false;
    }
    let hit = this.onUrl?.run(url) ?? 0;
    if (this.onPath && !(hit & EXCLUDE_HIT)) hit |= this.onPath.run(u.pathname + u.search);
    if (hit & EXCLUDE_HIT) return false;
    return !this.hasInclude || (hit & INCLUDE_HIT) !== 0;
  }
}

/** The URL test for a bot's patterns, or undefined when it has none (every URL is taken). */
export function urlFilter(patterns: UrlPatterns | undefined): ((url: string) => boolean) | undefined {
  if (!patterns || (patterns.include.length === 0 && patterns.exclude.length === 0)) return undefined;
  const filter = new UrlPatternFilter(patterns);
  return (url) => filter.keep(url);
}

/** Patterns as stored: trimmed, blank lines and repeats dropped. */
export function cleanPatterns(list: readonly string[] | undefined): string[] {
  return [...new Set((list ?? []).map((p) => p.trim()).filter((p) => p !== ''))];
}

export const PATTERN_SKIP_REASON = 'Left out by the URL patterns';
