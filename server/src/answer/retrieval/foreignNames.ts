import type { QueryTerm } from '../types.js';
import { generalWordsFor } from '../../language/generalWords.js';
import { READING } from './params.js';
import { COMPOUNDING_CONFIGS } from './compoundParts.js';
import { compoundOf } from './spelling.js';
import { type QuestionWord, questionWords, readsAsEnglish } from './questionWords.js';

/**
 * The names a question in a language other than English asks about that the site never writes:
 * "WSL" in "Wie aktiviere ich unter Windows 11 das WSL?", "Homebrew" in "¿Cómo instalo programas en
 * mi Mac con Homebrew?" on a Debian manual that never says either. absentNames.ts reads English
 * questions with an English word list; no other language has one here, so this reads the shapes a
 * name takes in any language's writing, for words the site never uses (df 0):
 *  - an acronym ("WSL", "ZFS") or a capital inside the word ("openSUSE", "GitHub");
 *  - capitalised inside a sentence, in a language that does not capitalise its nouns (German does);
 *  - an English word, or two run together, in a question that is not English ("Terraform",
 *    "Homebrew"): a loanword the site would write if it covered the thing; only written with a
 *    capital ("master" in lower case is a thing's word, "sheen" in German a slip of "sehen");
 *  - the first part of a hyphenated compound ("zypper-Befehl", "Kubernetes-Cluster"), in a language
 *    that writes its compounds closed (German, Dutch, the Nordic languages…): it hyphenates one whose
 *    first part is a name. Not in French, where a hyphen joins a verb to its pronoun ("dois-je").
 * A plain word of the question's language that the site does not use is left to the evidence floor.
 */

/** Languages (Snowball configurations) that capitalise every noun: a capital says nothing there. */
const NOUNS_CAPITALISED: ReadonlySet<string> = new Set(['german']);
/** Shortest English word read as a loanword name ("Homebrew", not "Mac" or "Go"). */
const MIN_LOANWORD = READING.foreignLoanwordMin;
const MIN_NAME_LETTERS = READING.nameMinLetters;

const plain = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The unknown lexeme a word stands for: the database stems it (its Snowball configuration, accents
 * folded), which mostly cuts the word's end, so the lexeme is the word or most of its beginning.
 */
function unknownLexemeOf(word: string, unknown: ReadonlySet<string>): boolean {
  const w = plain(word);
  if (unknown.has(w)) return true;
  for (const lx of unknown) if (w.startsWith(lx) && lx.length >= Math.max(3, Math.ceil(w.length * 0.6))) return true;
  return false;
}

function nameShaped(w: QuestionWord, config: string, english: ReadonlySet<string> | undefined): boolean {
  const t = w.text;
  // english is undefined for a question written in English words: no word in it is a loanword.
  if (/^\p{Lu}{2,}\d*$/u.test(t) || /\p{Ll}\p{Lu}/u.test(t)) return true;
  if (!w.initial && /^\p{Lu}/u.test(t) && !NOUNS_CAPITALISED.has(config)) return true;
  if (w.beforeHyphen && COMPOUNDING_CONFIGS.includes(config)) return true;
  if (t.length < MIN_LOANWORD || english === undefined) return false;
  // A loanword in lower case is the visitor's word for a thing ("… com o ramo main em vez de
  // master"), which the site may write in its own words, or, where nouns are capitalised, no noun at
  // all: a slip of the language's own word ("… auf meinem Bildschirm sheen?" for "sehen"). Written
  // with a capital, even first in the sentence, it names one ("Homebrew funciona no Mac?").
  if (!/^\p{Lu}/u.test(t)) return false;
  const lower = t.toLowerCase();
  return english.has(lower) || compoundOf(lower, english);
}

/**
 * The surface forms of a non-English question's absent names, in question order, each once.
 * `config` is the question's text search configuration; `english` the English word list, for loanwords.
 */
export function foreignAbsentNames(
  question: string,
  terms: QueryTerm[],
  config: string,
  english: ReadonlySet<string> | undefined,
): string[] {
  const unknown = new Set(terms.filter((t) => t.df === 0 && t.coverageWeight > 0).map((t) => t.lexeme));
  if (unknown.size === 0) return [];
  const general = generalWordsFor(config);
  const words = questionWords(question, 'anyLanguage');
  // A visitor may ask a bot in English ("deploy output folder cloud storage bucket"): then English
  // words are the question's own, not loanwords. Counted are the plain words: not written as names
  // (a capital inside), not general words.
  const leftOut = (w: QuestionWord) => /\p{Lu}/u.test(w.text.slice(1)) || general?.has(w.text.toLowerCase()) === true;
  const loanwords = english && !readsAsEnglish(words, english, leftOut) ? english : undefined;
  const names: string[] = [];
  for (const w of words) {
    const lower = w.text.toLowerCase();
    if (w.text.length < MIN_NAME_LETTERS || general?.has(lower) || names.some((n) => n.toLowerCase() === lower)) continue;
    if (!unknownLexemeOf(w.text, unknown) || !nameShaped(w, config, loanwords)) continue;
    names.push(w.text);
  }
  return names;
}
