import type { Queryable } from '../../db/db.js';
import { englishStem as stem, wordListFor } from '../../language/words.js';
import { DEFAULT_TEXT_CONFIG } from '../../language/configs.js';
import { dialectVariants } from './dialects.js';
import { READING } from './params.js';

/**
 * A visitor's typing slips, read as the words they meant. A misspelt word is one the site never
 * uses, so it found nothing and, worse, counted as a part of the question the site cannot answer:
 * one slip in "How do I instal it on windows?" turned a plain answer into "not sure".
 *
 * The site's own vocabulary is the dictionary (the term statistics the indexer keeps), so a
 * correction is always a word the site uses, and a site's jargon is never "corrected" into general
 * English. The candidates are every string one edit away (insertion, deletion, substitution, or two
 * neighbours swapped: Damerau 1964, which covers most typing errors) but the first letter, stemmed
 * as the index stems words; the most likely word wins (see `choose`: the noisy-channel choice with
 * equal error probabilities, as Norvig's and SymSpell's correctors make it).
 *
 * What is not read as a slip:
 * - a word of English (text/englishWords.ts): "tired" on a site that never says it is not a slip
 *   for "timed", nor "purge" for "pure"; nor two of them run together ("backend" is not "backed").
 *   A word of English is read as its British or American spelling when that is the site's
 *   ("colour" on a site that writes "color"; dialects.ts);
 * - words under four letters: too many words are one edit apart;
 * - a word with a capital past its first letter (`MongoDB`, `ENOENT`): a name written as its owner
 *   writes it. A capitalised word is read ("Dbian", "Wundows": visitors misspell names too); one
 *   that is a word of English is not a slip ("Flask" is not "flash");
 * - code names (`json.dumps`, `git-stash`, `logs/keep.txt`), words with digits and anything in
 *   backticks: pasted, not typed;
 * - a word the site already uses, however it is spelt.
 */

/** Shortest word read for slips. */
const MIN_LETTERS = READING.slipMinLetters;
/** Longest: English words are shorter, and a hostile question's 1,000-letter word would cost 50,000 lookups. */
const MAX_LETTERS = READING.slipMaxLetters;
/** At most this many words of one question are corrected (each costs a lookup of a few hundred strings). */
const MAX_WORDS = READING.slipMaxWords;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every string one edit away from a lowercase word (its own spelling excluded). */
export function oneEditAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of LETTERS) {
      if (tail) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(word);
  return [...out];
}

/**
 * Words of the question that a visitor typed and could have slipped on (see the module's comment),
 * lowercased, in order, once each.
 */
export function typedWords(text: string): string[] {
  const out: string[] = [];
  // Code in backticks is pasted, not typed. A word with what it touches: code names are joined by
  // dots, slashes, hyphens, underscores…
  for (const m of text.replace(/`[^`]*`/g, ' ').matchAll(/[^\s"'`()[\]{},;:!?]+/g)) {
    const token = m[0].replace(/[.]+$/, '');
    if (!/^[A-Za-z]+$/.test(token) || token.length < MIN_LETTERS || token.length > MAX_LETTERS) continue;
    if (/[A-Z]/.test(token.slice(1))) continue;
    const lower = token.toLowerCase();
    if (!out.includes(lower)) out.push(lower);
  }
  return out;
}

/** Shortest part of a compound (see compoundOf). */
const MIN_PART = READING.slipCompoundPart;

/**
 * Whether a word is two words of English run together: the jargon a dictionary lacks ("backend",
 * "webhook", "dataset", "stylesheet") is mostly made this way, and a slip rarely is (20 of the 498
 * slips the harness makes in the dev questions split so, such as "sir|ted" for "sorted").
 */
export function compoundOf(word: string, english: ReadonlySet<string>): boolean {
  for (let i = MIN_PART; i <= word.length - MIN_PART; i++) if (english.has(word.slice(0, i)) && english.has(word.slice(i))) return true;
  return false;
}

export interface Correction {
  /** The word as the visitor typed it (lowercased). */
  typed: string;
  /** The lexeme it was indexed under, which the site never uses. */
  from: string;
  /**
   * The lexeme of the word it is read as, and how many passages hold it; no lexeme when that word
   * is one the index leaves out ("whcih" for "which"): the slip then drops out of the question.
   */
  to?: string;
  df: number;
  /** The word it is read as (one edit from what was typed). */
  word: string;
}

// The candidates' stems that the site uses, with their live document frequency (summed over live
// generations, as readTermStats does); then the candidates that are words the index leaves out
// (stopwords: an empty tsvector), asked only of the few that are words of English, since every
// stopword is one.
const CANDIDATES_SQL = `
SELECT s.lexeme AS stem, sum(s.df)::float8 AS df, false AS stop
  FROM term_stats s
  JOIN term_totals t ON t.chatbot_id = s.chatbot_id AND t.generation = s.generation AND t.live
 WHERE s.chatbot_id = $1 AND s.lexeme = ANY($2::text[])
 GROUP BY s.lexeme
UNION ALL
SELECT w, 0, true FROM unnest($3::text[]) AS w WHERE docent_tsvector($4, w) = ''::tsvector`;

interface Candidate {
  /** The lexeme it is indexed under; null for a stopword. */
  lexeme: string | null;
  /** The strings one edit from the typed word that stem to it. */
  words: string[];
  df: number;
}

/**
 * The word a slip is read as. A word of English beats one the site alone uses (jargon is kept for
 * slips no English word explains: "forgveness" is "forgiveness", not a form of "forever" that the
 * stemmer happens to share); a stopword beats every other English word, so the slip drops out of
 * the question ("whcih", "betwen", "tere": stopwords are the most frequent words there are, and
 * when the slip was of a word like "tree" instead, leaving it out costs less than reading it as the
 * wrong one); then the word the site uses most. The lexeme breaks a tie, so the choice never
 * depends on row order.
 */
function choose(candidates: Candidate[], english: ReadonlySet<string>): Candidate | undefined {
  const key = (c: Candidate) => [c.words.some((w) => english.has(w)) ? 1 : 0, c.lexeme === null ? 1 : 0, c.df];
  return candidates
    .map((c) => ({ c, k: key(c) }))
    .sort((a, b) => compare(b.k, a.k) || ((a.c.lexeme ?? '') < (b.c.lexeme ?? '') ? -1 : 1))[0]?.c;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/**
 * Corrections for the question's lexemes that the site never uses (`unknown`), keyed by that
 * lexeme. Candidates are stemmed here with the same algorithm as the index's (Snowball's English
 * stemmer, Porter2: the same stem as PostgreSQL's english configuration for all but 13 of SCOWL's
 * 115,555 words), so the one round trip, made only when a question has such a word, is index
 * lookups: stemming a thousand strings in the database took tens of milliseconds.
 */
export async function correctSlips(
  db: Queryable,
  chatbotId: string,
  text: string,
  unknown: Set<string>,
  config: string = DEFAULT_TEXT_CONFIG,
): Promise<Map<string, Correction>> {
  const found = new Map<string, Correction>();
  if (unknown.size === 0) return found;
  // Without the word list (every language but English, language/words.ts) no slip can be told from
  // a word: the question is read as typed.
  const english = await wordListFor(config);
  if (!english) return found;
  const slips: { typed: string; from: string; byStem: Map<string, string[]>; variant: boolean }[] = [];
  for (const typed of typedWords(text)) {
    if (slips.length === MAX_WORDS) break;
    const from = stem(typed);
    if (!unknown.has(from)) continue;
    // A word of English the site never uses may be spelt the other side's way ("colour"); anything
    // else that is not a compound may be a slip.
    const variant = english.has(typed);
    const candidates = variant
      ? dialectVariants(typed).filter((c) => english.has(c))
      : compoundOf(typed, english)
        ? []
        : // People rarely mistype a word's first letter (Yannakoudakis & Fawthrop 1983), and a
          // change there is a different word more often than a slip ("preinstalled", "reinstalled").
          oneEditAway(typed).filter((c) => c[0] === typed[0]);
    const byStem = new Map<string, string[]>();
    for (const c of candidates) {
      const st = stem(c);
      if (st === from) continue;
      const same = byStem.get(st);
      if (same) same.push(c);
      else byStem.set(st, [c]);
    }
    if (byStem.size > 0) slips.push({ typed, from, byStem, variant });
  }
  if (slips.length === 0) return found;
  const stems = [...new Set(slips.flatMap((s) => [...s.byStem.keys()]))];
  // A word spelt the other side's way is never read as a stopword ("four" is not "for").
  const words = slips.filter((s) => !s.variant).flatMap((s) => [...s.byStem.values()].flat().filter((w) => english.has(w)));
  const rows = await db.query<{ stem: string; df: number; stop: boolean }>(CANDIDATES_SQL, [chatbotId, stems, words, config]);
  const df = new Map(rows.filter((r) => !r.stop).map((r) => [r.stem, Number(r.df)]));
  const stopwords = new Set(rows.filter((r) => r.stop).map((r) => r.stem));
  for (const slip of slips) {
    const candidates: Candidate[] = [...slip.byStem]
      .filter(([st]) => df.has(st))
      .map(([st, spellings]) => ({ lexeme: st, words: spellings, df: df.get(st)! }));
    const stops = slip.variant ? [] : [...slip.byStem.values()].flat().filter((w) => stopwords.has(w));
    if (stops.length > 0) candidates.push({ lexeme: null, words: stops, df: 0 });
    const best = choose(candidates, english);
    if (!best) continue;
    const sorted = [...best.words].sort();
    const word = sorted.find((w) => english.has(w)) ?? sorted[0]!;
    found.set(slip.from, { typed: slip.typed, from: slip.from, ...(best.lexeme !== null && { to: best.lexeme }), df: best.df, word });
  }
  return found;
}
