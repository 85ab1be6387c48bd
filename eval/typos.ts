/**
 * Visitors' typing slips, added to the dev sets' questions so the harness can say whether an answer
 * survives them. Every question gets the same slips on every run (seeded by its id), so two reports
 * compare question by question.
 *
 * The model is the classic one for typing errors (Damerau 1964: most misspellings are one insertion,
 * deletion, substitution or swap of neighbours), with substitutions and insertions from keys next to
 * the intended one on a QWERTY keyboard, and the first letter kept (it is the one people get right:
 * Yannakoudakis & Fawthrop 1983). A slip goes into a word of five letters or more written in plain
 * lowercase or Capitalised: not a code name (`json.dumps`, `git-stash`, `ENOENT`), which visitors
 * paste rather than type. One slip per question, two when it has eight such words or more.
 */

import { mulberry32 } from '../server/src/embeddings/memoryIndex.js';

const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** The keys around each letter (same row and the rows above and below, offset as on a keyboard). */
const NEIGHBOURS: Record<string, string> = (() => {
  const at = new Map<string, [number, number]>();
  ROWS.forEach((row, r) => [...row].forEach((ch, c) => at.set(ch, [r, c + r * 0.5])));
  const out: Record<string, string> = {};
  for (const [ch, [r, x]] of at) {
    out[ch] = [...at]
      .filter(([other, [r2, x2]]) => other !== ch && Math.abs(r2 - r) <= 1 && Math.abs(x2 - x) <= 1)
      .map(([other]) => other)
      .join('');
  }
  return out;
})();

/** Deterministic pseudo-random numbers seeded from a string (a question's id). */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return mulberry32(h);
}

const pick = <T>(xs: readonly T[], rnd: () => number): T => xs[Math.floor(rnd() * xs.length)]!;

/** One slip in a word (letters only, five or more), never in its first letter; the case of the word is kept. */
export function misspell(word: string, rnd: () => number): string {
  const lower = word.toLowerCase();
  const keep = (s: string) => (word[0] === lower[0] ? s : s[0]!.toUpperCase() + s.slice(1));
  for (let attempt = 0; attempt < 10; attempt++) {
    const i = 1 + Math.floor(rnd() * (lower.length - 1));
    const ch = lower[i]!;
    const kind = rnd();
    let out: string;
    if (kind < 0.35) {
      out = lower.slice(0, i) + pick([...NEIGHBOURS[ch]!], rnd) + lower.slice(i + 1);
    } else if (kind < 0.6) {
      out = lower.slice(0, i) + lower.slice(i + 1);
    } else if (kind < 0.85) {
      if (i === lower.length - 1) continue;
      out = lower.slice(0, i) + lower[i + 1] + ch + lower.slice(i + 2);
    } else {
      // A doubled key or the key beside it.
      out = lower.slice(0, i) + pick([ch, ...NEIGHBOURS[ch]!], rnd) + lower.slice(i);
    }
    if (out !== lower) return keep(out);
  }
  return word;
}

/** Words a visitor would type: letters only, five or more, lowercase or Capitalised, not part of a code name. */
const TYPED_WORD = /(?<![\w.`/\\@$-])[A-Za-z][a-z]{4,}(?![\w`/\\@(-]|\.\w)/g;

/** The question with the slips its id seeds. */
export function withTypos(id: string, question: string): string {
  const rnd = seededRandom(id);
  const words = [...question.matchAll(TYPED_WORD)];
  if (words.length === 0) return question;
  const slips = words.length >= 8 ? 2 : 1;
  const chosen = new Set<number>();
  while (chosen.size < Math.min(slips, words.length)) chosen.add(Math.floor(rnd() * words.length));
  let out = question;
  // From the end, so earlier offsets stay right.
  for (const i of [...chosen].sort((a, b) => b - a)) {
    const m = words[i]!;
    out = out.slice(0, m.index) + misspell(m[0], rnd) + out.slice(m.index! + m[0].length);
  }
  return out;
}

/** The id and set label a question's misspelt copy carries in a report. */
export const TYPO_SUFFIX = '~typos';
