import { DEFAULT_TEXT_CONFIG, SIMPLE_TEXT_CONFIG } from '../../language/configs.js';
import { READING } from './params.js';

/**
 * A compound the site never writes, read as two words it does write: "Netzwerkpakete" (stem
 * netzwerkpaket) on pages that say "Netzwerk" and "Pakete", "Downloadgeschwindigkeit" on pages
 * that say "Download" and "Geschwindigkeit". German, Dutch and the Nordic languages join words
 * freely, and a visitor's compound is often not the site's, so without this the question's main
 * word counts as a part of it the site cannot answer. The parts are found in the site's own
 * vocabulary (its term statistics), never in a list of words: a split exists only where the site
 * has both halves. English has its word list and typing-slip reader instead (spelling.ts), and
 * `simple` (CJK and languages without a stemmer) is left as it reads.
 */

/** Only words at least this long are split, into parts at least PART long. */
const MIN_WORD = READING.compoundMinWord;
const PART = READING.compoundPart;
/** Letters a compound may join its parts with (German -s-, -es-, -n-, -en-, Dutch -e-…), at most. */
const JOIN = READING.compoundJoin;

/**
 * Languages that write their compounds closed ("Tastatureingabe", "toetsenbordindeling",
 * "tangentbordslayout"): a question's word is looked up in the site's compounds of it too
 * (questionRead.ts). Not Romance or English, where a word inside a longer stem is mostly a prefix
 * or a derivation ("configur" in "reconfigur"), not a compound's part (on debref-es it lost a question).
 */
export const COMPOUNDING_CONFIGS: readonly string[] = ['danish', 'dutch', 'finnish', 'german', 'hungarian', 'norwegian', 'swedish'];

/** Whether questions in this configuration are read for compounds. */
export const splitsCompounds = (config: string): boolean => config !== DEFAULT_TEXT_CONFIG && config !== SIMPLE_TEXT_CONFIG;

/** A word the splitter looks at: long, letters only (names with dots, dashes or digits have their own parts). */
const splittable = (lexeme: string): boolean => lexeme.length >= MIN_WORD && /^\p{L}+$/u.test(lexeme);

/** The prefixes and suffixes whose statistics decide a split: looked up with the question's own words, in one read. */
export function partCandidates(lexeme: string): string[] {
  if (!splittable(lexeme)) return [];
  const out: string[] = [];
  for (let i = PART; i <= lexeme.length - PART; i++) out.push(lexeme.slice(0, i), lexeme.slice(i));
  return out;
}

/**
 * The two parts of a compound, when the site writes both: the longest known head (prefix) and the
 * longest known tail (suffix) that together cover the word but for a joining letter or two.
 */
export function compoundParts(lexeme: string, known: (part: string) => boolean): [string, string] | undefined {
  if (!splittable(lexeme)) return undefined;
  for (let h = lexeme.length - PART; h >= PART; h--) {
    const head = lexeme.slice(0, h);
    if (!known(head)) continue;
    for (let t = h; t <= Math.min(h + JOIN, lexeme.length - PART); t++) {
      const tail = lexeme.slice(t);
      if (known(tail)) return [head, tail];
    }
  }
  return undefined;
}
