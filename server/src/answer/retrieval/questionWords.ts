import { READING } from './params.js';

/** A question's word as the name readers (absentNames.ts, foreignNames.ts) see it. */
export interface QuestionWord {
  text: string;
  /** First word of the question or of a sentence: its capital says nothing. */
  initial: boolean;
  /** Written right after a dot ("the .dat files"): a file extension, not a name. */
  dotted: boolean;
  /** Not the last part of a hyphenated word ("zypper" in "zypper-Befehl"). */
  beforeHyphen: boolean;
  /** Written after the word before it with one space between them (no comma, no other mark). */
  spaced: boolean;
}

interface Reading {
  word: RegExp;
  /** What ends a sentence before a word, or opens one, so that its capital says nothing. */
  sentenceMark: RegExp;
  /** Whether a word right after a dot may start a sentence ("Done.Next"), or is only an extension. */
  dottedMayStart: boolean;
}

/**
 * The two ways a question is cut into words:
 *  - `wordList`, as words are looked up in the English word list (text/englishWords.ts), which
 *    spells them so: inner apostrophes belong to the word ("don't", "Debian's"; trailing ones
 *    dropped) and a digit ends it; a dotted word starts no sentence;
 *  - `anyLanguage`, as any language's words are read for a name's shape: digits belong to the word
 *    ("ext4"), an apostrophe ends it ("l'équipe"), and Spanish opens a question with "¿" and an
 *    exclamation with "¡".
 * Hyphenated and dotted words are read part by part in both, as the index reads them.
 */
const READINGS: Record<'wordList' | 'anyLanguage', Reading> = {
  wordList: { word: /\p{L}[\p{L}\p{M}'’]*/gu, sentenceMark: /[.!?:;]$/, dottedMayStart: false },
  anyLanguage: { word: /\p{L}[\p{L}\p{M}\d]*/gu, sentenceMark: /[.!?:;¿¡]$/, dottedMayStart: true },
};

/** The question's words, in order, read one of the two ways (READINGS). */
export function questionWords(question: string, reading: keyof typeof READINGS): QuestionWord[] {
  const { word, sentenceMark, dottedMayStart } = READINGS[reading];
  let previousEnd = -1;
  return [...question.matchAll(word)].map((m) => {
    const before = question.slice(0, m.index).trimEnd();
    const spaced = previousEnd >= 0 && question.slice(previousEnd, m.index) === ' ';
    const end = m.index + m[0].length;
    const dotted = m.index > 0 && question[m.index - 1] === '.';
    previousEnd = end;
    return {
      text: m[0].replace(/['’]+$/, ''),
      initial: before === '' || (sentenceMark.test(before) && (dottedMayStart || !dotted)),
      dotted,
      beforeHyphen: question[end] === '-' && /\p{L}/u.test(question[end + 1] ?? ''),
      spaced,
    };
  });
}

/** Share of a question's counted words that must be English for it to read as English. */
const ENGLISH_SHARE = READING.nameEnglishShare;

/**
 * Whether a question reads as English: of its words of two letters or more, less those `leftOut`
 * names (words written as names, general words), at least ENGLISH_SHARE are in the English word
 * list. A question with no such word does not.
 */
export function readsAsEnglish(words: QuestionWord[], english: ReadonlySet<string>, leftOut: (w: QuestionWord) => boolean): boolean {
  const counted = words.filter((w) => w.text.length >= 2 && !leftOut(w));
  if (counted.length === 0) return false;
  return counted.filter((w) => english.has(w.text.toLowerCase())).length / counted.length >= ENGLISH_SHARE;
}
