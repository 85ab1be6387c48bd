import { englishStem as stem } from '../../language/words.js';
import { languageDisplayNames } from '../../language/languageNames.js';
import { compoundOf } from './spelling.js';
import type { QueryTerm } from '../types.js';
import { READING } from './params.js';
import { type QuestionWord, questionWords, readsAsEnglish } from './questionWords.js';

/**
 * The names a question asks about that the site never writes: "Terraform" in "How do I deploy with
 * Terraform?" on a site that never says it. Such a question is about something else, whatever the
 * rest of its words find, so it is declined plainly, naming what is missing, rather than answered
 * "not sure" with a passage about the words the site does have (issue: off-site questions quoted
 * unrelated passages 7-9 times in 10).
 *
 * A word counts as a name when the site never uses it (df 0, after typing slips were read) and it is
 * not a word of English (product and tool names: "Kubernetes", "nginx", "WireGuard"), or an
 * English word capitalised as a name ("Terraform"; see readsAsName). A plain English word the site
 * happens not to use ("telemetry", "sourdough") is left to the evidence floor: its absence may be a
 * wording choice, and the floor already weighs it.
 *
 * The rule reads English questions only (most of the question's words are words of English): a
 * question in another language has no word list here.
 */

/** Shortest word taken for a name ("Go" and "vi" are too easily something else). */
const MIN_NAME_LETTERS = READING.nameMinLetters;

/**
 * Capitalised inside a sentence, or inside the word: written as a name, in any language. Such words
 * are left out of whether a question reads as English: a question naming three products ("Which
 * Lenovo ThinkPad models ship with Debian preinstalled?") is no less English for it.
 */
const writtenAsName = (w: QuestionWord): boolean => /\p{Ll}\p{Lu}/u.test(w.text) || (!w.initial && /^\p{Lu}/u.test(w.text));

/** Shortest English word a capital makes a name of ("Terraform", "Azure"; not "Mac" or "Go"). */
const MIN_CAPITALISED_NAME = READING.nameMinCapitalised;

/**
 * Languages' English names ("German", "English", "Japanese"), from the runtime's own locale data:
 * capitalised like product names, but a site about building in several languages need not list
 * every one ("Can I build my site in German and English?").
 */
const LANGUAGE_NAMES: ReadonlySet<string> = new Set(languageDisplayNames('en'));

/** Languages' English names as the English configuration stems them ("german", "japanes"). */
const LANGUAGE_STEMS: ReadonlySet<string> = new Set([...LANGUAGE_NAMES].map((n) => stem(n)));

/** Whether a lexeme is a language's English name: a setting a question asks about, not its topic. */
export const isLanguageName = (lexeme: string): boolean => LANGUAGE_STEMS.has(lexeme) || LANGUAGE_NAMES.has(lexeme);

/** English prefixes that make new words of old ones ("preinstalled", "unmount", "multithreaded"). */
const PREFIXES = ['pre', 're', 'un', 'non', 'multi', 'sub', 'over', 'auto', 'dis', 'mis', 'inter', 'super'];

/** An English word with a prefix the list does not carry it with ("preinstalled" = pre + installed). */
const prefixedWord = (lower: string, english: ReadonlySet<string>): boolean =>
  PREFIXES.some((p) => lower.startsWith(p) && lower.length - p.length >= 4 && english.has(lower.slice(p.length).replace(/^-/, '')));

/**
 * Whether a word the site never uses reads as a name:
 *  - not a word of English, not two of them run together as jargon is ("webhook", "backend",
 *    "subfolders") and not one with a prefix ("preinstalled"): in lower case, or capitalised only to
 *    start a sentence; a capital inside the word marks a name even so ("WordPress", "GitHub");
 *  - or a word of English the visitor capitalised inside a sentence, as products are named
 *    ("with Terraform", "on Azure", "In Mercurial"), other than a language's name.
 */
function readsAsName(w: QuestionWord, english: ReadonlySet<string>): boolean {
  const lower = w.text.toLowerCase();
  if (english.has(lower)) {
    return !w.initial && /^\p{Lu}/u.test(w.text) && w.text.length >= MIN_CAPITALISED_NAME && !LANGUAGE_NAMES.has(lower);
  }
  const jargonCase = w.text === lower || (w.initial && /^\p{Lu}[\p{Ll}\p{M}'’]+$/u.test(w.text));
  return !(jargonCase && (compoundOf(lower, english) || prefixedWord(lower, english)));
}

/**
 * The surface forms of the question's absent names, in question order, each once. `english` is the
 * word list (text/englishWords.ts); without it the rule does not run.
 */
export function absentNames(question: string, terms: QueryTerm[], english: ReadonlySet<string> | undefined): string[] {
  if (!english) return [];
  // Numbers and parts of a compound the site writes whole carry no coverage weight: not names.
  const unknown = new Set(terms.filter((t) => t.df === 0 && t.coverageWeight > 0).map((t) => t.lexeme));
  if (unknown.size === 0) return [];
  const words = questionWords(question, 'wordList');
  if (!readsAsEnglish(words, english, writtenAsName)) return [];

  const names: string[] = [];
  const seen = new Set<string>();
  for (const w of words) {
    const lower = w.text.toLowerCase();
    if (w.text.length < MIN_NAME_LETTERS || w.dotted || seen.has(lower)) continue;
    if (!unknown.has(lower) && !unknown.has(stem(lower))) continue;
    if (!readsAsName(w, english)) continue;
    seen.add(lower);
    names.push(w.text);
  }
  return names;
}

/** A name written in at most this many passages is mentioned in passing, not covered. */
const RARE_NAME_CHUNKS = READING.rareNameChunks;

/** A name unmatchedNames found, with the question's terms that stand for it. */
export interface UnmatchedName {
  name: string;
  /** The terms whose lexeme is the name in lower case or its English stem (one, unless both are terms). */
  terms: QueryTerm[];
}

/**
 * The names a question asks about that the site writes only in passing and that none of the
 * passages found for it holds: "Which React hook should I use…" on a site that names React in six
 * passages, none of them about hooks. Read where retrieval was unsure: the passages found are about
 * the question's other words, so they do not answer a question about that name, and quoting them
 * "not sure" offers the visitor something unrelated. A name the site writes often (its own subject,
 * "Debian" on a Debian site) is left alone: the site covers it, so the closest passage may still
 * help. Names as absentNames reads them: capitalised inside a sentence, or capitalised inside the
 * word; English questions only. Each name comes with its terms, so what share of the question it
 * carries is read without stemming it again.
 */
export function unmatchedNames(
  question: string,
  terms: QueryTerm[],
  passages: string[],
  english: ReadonlySet<string> | undefined,
): UnmatchedName[] {
  if (!english) return [];
  const words = questionWords(question, 'wordList');
  if (!readsAsEnglish(words, english, writtenAsName)) return [];
  const text = passages.join(' ').toLowerCase();
  const names: UnmatchedName[] = [];
  for (const w of words) {
    const lower = w.text.toLowerCase();
    if (w.text.length < MIN_NAME_LETTERS || w.dotted || LANGUAGE_NAMES.has(lower)) continue;
    if (!(/\p{Lu}/u.test(w.text.slice(1)) || (!w.initial && /^\p{Lu}/u.test(w.text)))) continue;
    const stemmed = stem(lower);
    const named = terms.filter((t) => t.lexeme === lower || t.lexeme === stemmed);
    const term = named[0];
    if (!term || term.df === 0 || term.df > RARE_NAME_CHUNKS) continue;
    // An acronym's plural ("VMs") is found in its singular too.
    const singular = /^\p{Lu}{2,}s$/u.test(w.text) ? lower.slice(0, -1) : lower;
    if (text.includes(singular) || text.includes(term.lexeme)) continue;
    if (!names.some((n) => n.name === w.text)) names.push({ name: w.text, terms: named });
  }
  // A name of several words is matched only by a passage that writes them together: passages that
  // say "Lisa" in an example, or "Google" and "sheet" apart, are not about the Mona Lisa or Google Sheets.
  const spaced = text.replace(/\s+/g, ' ');
  for (const run of nameRuns(words)) {
    const named = terms.filter((t) => run.some((w) => t.lexeme === w.text.toLowerCase() || t.lexeme === stem(w.text.toLowerCase())));
    if (!named.some((t) => t.df > 0 && t.df <= RARE_NAME_CHUNKS)) continue;
    const name = run.map((w) => w.text).join(' ');
    if (!spaced.includes(name.toLowerCase()) && !names.some((n) => n.name === name)) names.push({ name, terms: named });
  }
  return names;
}

/**
 * Runs of two or more words capitalised inside a sentence and written one space apart ("the Mona
 * Lisa", "in Google Sheets"): one name each. "I" is no part of one ("On my Windows PC I have…").
 */
function nameRuns(words: QuestionWord[]): QuestionWord[][] {
  const runs: QuestionWord[][] = [];
  let run: QuestionWord[] = [];
  const end = () => {
    if (run.length >= 2) runs.push(run);
    run = [];
  };
  for (const w of words) {
    const capitalised = !w.initial && !w.dotted && w.text.length >= 2 && /^\p{Lu}/u.test(w.text);
    if (!capitalised) {
      end();
      continue;
    }
    if (run.length > 0 && !w.spaced) end();
    run.push(w);
  }
  end();
  return runs;
}

/** "Terraform", "Terraform or Ansible", "A, B or C". */
export function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
