/**
 * The scoring rules of the corpora READMEs (../shared/corpora/README.md and each site's README,
 * "Scoring"), in one place so every site and every tool scores the same way.
 */
import { LANGUAGES } from '../shared/src/messages/index.js';

/** The product's own wordings in every catalogue language (shared/src/messages/), for replies stored without an outcome. */
const REPLIES = Object.values(LANGUAGES).map((file) => file.reply);

/** Per-site URL rules on top of the common reduction. */
export interface PageRules {
  /** Off-site canonical bases mapped back to the served root ("https://debian-handbook.info/browse/stable/"). */
  canonicalBases?: string[];
  /** Paths that are the same page as another ("git.html" → "index.html": a symlink on the git site). */
  aliases?: Record<string, string>;
}

/**
 * A URL reduced to a path relative to the served root: no scheme, host, query or fragment,
 * percent-decoded, `/` (the empty path) as `index.html`, an off-site canonical base dropped and an
 * alias replaced by its page. Applied to the product's URLs and the expected pages alike.
 */
export function pageKey(url: string, rules: PageRules = {}): string {
  let rest = url;
  for (const base of rules.canonicalBases ?? []) {
    if (rest.startsWith(base)) {
      rest = rest.slice(base.length);
      break;
    }
  }
  let path: string;
  try {
    path = /^[a-z][a-z0-9+.-]*:/i.test(rest) ? new URL(rest).pathname : rest.replace(/[?#].*$/, '');
  } catch {
    path = rest.replace(/[?#].*$/, '');
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    /* a malformed escape: keep the path as written */
  }
  path = path.replace(/^\/+/, '');
  if (path === '') path = 'index.html';
  return rules.aliases?.[path] ?? path;
}

/** The first k distinct pages, in rank order. */
export function topPages(urls: string[], k = 5, rules: PageRules = {}): string[] {
  const out: string[] = [];
  for (const u of urls) {
    const p = pageKey(u, rules);
    if (!out.includes(p)) out.push(p);
    if (out.length === k) break;
  }
  return out;
}

/** 1-based rank of the first expected page among the first k distinct pages; 0 when none is there. */
export function expectedRank(expected: string[], urls: string[], k: number, rules: PageRules = {}): number {
  const want = new Set(expected.map((e) => pageKey(e, rules)));
  const i = topPages(urls, k, rules).findIndex((p) => want.has(p));
  return i + 1;
}

/** Whether an expected page is among the first k distinct pages (recall@k for one question). */
export const hitAt = (expected: string[], urls: string[], k = 5, rules: PageRules = {}): boolean =>
  expectedRank(expected, urls, k, rules) > 0;

/** Reciprocal rank of the first expected page among the first k distinct pages (0 when absent). */
export function reciprocalRank(expected: string[], urls: string[], k = 10, rules: PageRules = {}): number {
  const r = expectedRank(expected, urls, k, rules);
  return r > 0 ? 1 / r : 0;
}

/** Lower case, typographic quotes as ASCII, runs of whitespace (no-break spaces too) as one space. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/\s+/g, ' ');
}

/**
 * Whether the answer contains the keyword, ignoring case and typographic quotes: after collapsing
 * whitespace, or after deleting it from both sides (a keyword split over a line break or written
 * with a non-breaking space still counts).
 */
export function containsKeyword(answer: string, keyword: string): boolean {
  const a = normaliseText(answer);
  const k = normaliseText(keyword).trim();
  if (a.includes(k)) return true;
  return a.replace(/ /g, '').includes(k.replace(/ /g, ''));
}

/** Every keyword is in the answer (true for a question without keywords). */
export const allKeywords = (answer: string, keywords: string[] | undefined): boolean =>
  (keywords ?? []).every((k) => containsKeyword(answer, k));

/**
 * Whether the answer is the product's "not sure" (retrieval/floor.ts: weak evidence): it says plainly
 * that the site may not answer it exactly, then quotes the closest passage. The corpora READMEs count
 * such an answer as a refusal of an unanswerable question; for an answerable one it is reported on
 * its own, neither an answer nor a refusal.
 */
export const isUnsure = (answer: string): boolean => REPLIES.some((r) => answer.startsWith(r.unsureIntro));

/** Whether an answer says the site does not cover the question. */
export function isRefusal(answer: string): boolean {
  // The product's declines in any language (notMentioned up to the names it fills in), then other wordings.
  if (REPLIES.some((r) => answer.startsWith(r.notCovered) || answer.startsWith(r.notMentioned.split('{names}')[0]!))) return true;
  return /couldn['’]t find|could not find|can['’]t find|cannot find|(does not|doesn['’]t|do not|don['’]t) (seem to )?cover|not covered|no (relevant )?information/i.test(
    answer,
  );
}

/** The value at quantile q (0–1) of the numbers, nearest rank; 0 for none. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
