/**
 * Other readings of a question's words, where the site writes them so (queryAnalysis.ts runs them
 * after the question's first read): a compound's parts, a separated verb joined, a word's other
 * stem, a language's name as the word for "language".
 */
import { withoutLeftover } from '../../language/stemLeftovers.js';
import { compoundParts } from './compoundParts.js';

/** A question word as the analysis picks it. */
export interface Picked {
  lexeme: string;
  positions: number[];
  parts: string[];
  general: boolean;
  whole?: string;
  /** A separated verb joined (readSeparableVerbs). */
  joined?: boolean;
  /**
   * The question's word this one reads it as, where the site writes it: a compound of it
   * (readSiteCompounds: Tastatur → Tastatureingabe) or its other stem (readLeftovers: entfernt → entfern).
   */
  variantOf?: string;
  /** A language's name the site never writes, read as its word for "language" (readLanguageNames). */
  readAs?: string;
}

/**
 * The languages a question names that the site never writes ("in German and English") are read as
 * the site's word for "language" (language/languageNames.ts), one term after the question's words,
 * weighed as a word of the question: the site's "Can I build a site in several languages?" answers
 * them. The names then count for nothing, as a compound's parts do when the site writes it whole.
 */
export function readLanguageNames(chosen: Picked[], languages: { named: string[]; word?: string }, df: Map<string, number>): void {
  const word = languages.word;
  if (!word || !(df.get(word) ?? 0) || chosen.some((r) => r.lexeme === word)) return;
  const names = chosen.filter((r) => languages.named.includes(r.lexeme) && !(df.get(r.lexeme) ?? 0));
  if (names.length === 0) return;
  for (const r of names) r.readAs = word;
  const after = Math.max(0, ...chosen.flatMap((r) => r.positions));
  chosen.push({ lexeme: word, positions: [after + 1], general: false, parts: [] });
}

/**
 * A question's word whose stem keeps an ending its stemmer takes off other forms of it
 * (language/stemLeftovers.ts: "benutzt" and "benutzen") is read under the other stem too, where the
 * site writes it, after the question's words: weighed for the score, not for coverage (the word
 * itself still counts). debref-de r06 ("… auf einem entfernten Rechner …": `entfern`) is found.
 */
export function readLeftovers(chosen: Picked[], df: Map<string, number>, config: string): void {
  for (const r of [...chosen]) {
    if (r.general || r.parts.length > 0 || r.whole !== undefined || r.joined || r.variantOf !== undefined) continue;
    const stem = withoutLeftover(r.lexeme, config);
    if (!stem || !(df.get(stem) ?? 0) || chosen.some((o) => o.lexeme === stem)) continue;
    chosen.push({ lexeme: stem, positions: r.positions, general: false, parts: [], variantOf: r.lexeme });
  }
}

/**
 * A separated verb the site writes joined ("setze … zurück" on a page that says "Zurücksetzen",
 * language/separableVerbs.ts) is a word of the question, after the others, weighed for the score
 * and not for coverage: only the joins the site has, so one that is no word adds nothing and is
 * never named as missing. Counted for coverage as well, it gained de r05 and lost r08 (eval/LOG.md).
 */
export function readSeparableVerbs(
  chosen: { lexeme: string; positions: number[]; general: boolean; parts: string[]; joined?: boolean }[],
  joins: string[],
  df: Map<string, number>,
): void {
  const after = Math.max(0, ...chosen.flatMap((r) => r.positions));
  for (const lexeme of joins)
    if ((df.get(lexeme) ?? 0) > 0 && !chosen.some((r) => r.lexeme === lexeme))
      chosen.push({ lexeme, positions: [after + 1], general: false, parts: [], joined: true });
}

/**
 * Words the site never uses that are compounds of two it does (compoundParts.ts) take those two as
 * their parts, right after them: the whole then counts no more, as a dotted name's does.
 */
export function readCompounds(
  chosen: { lexeme: string; positions: number[]; general: boolean; whole?: string; parts: string[] }[],
  df: Map<string, number>,
): void {
  const known = (lx: string) => (df.get(lx) ?? 0) > 0;
  for (let i = chosen.length - 1; i >= 0; i--) {
    const r = chosen[i]!;
    if (known(r.lexeme) || r.parts.length > 0 || r.whole !== undefined) continue;
    const split = compoundParts(r.lexeme, known);
    if (!split) continue;
    r.parts = split;
    const added = split.filter((x) => !chosen.some((o) => o.lexeme === x));
    chosen.splice(i + 1, 0, ...added.map((x) => ({ lexeme: x, positions: r.positions, general: false, whole: r.lexeme, parts: [] })));
  }
}
