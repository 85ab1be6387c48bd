import { createRequire } from 'node:module';
import { GENERAL_ENGLISH_WORDS } from '../answer/retrieval/queryText.js';
import { DEFAULT_TEXT_CONFIG, languagesOfConfig } from './configs.js';

/**
 * General words of a question's language: words that phrase a question rather than name its
 * subject ("irgendwie", "später", "quelque", "todavía"…). Retrieval counts them for less and never
 * reads one the site lacks as a gap in its coverage (queryAnalysis.ts). English keeps the SMART
 * system's list (queryText.ts); every other Snowball language takes its list from stopwords-iso
 * (Diaz's collection of published stopword lists, one per ISO 639-1 code), the same kind of
 * general-purpose list, chosen for no site. A language without one (and `simple`) has none, and
 * every word of its questions counts as content, as before.
 */

type StopwordsIso = Readonly<Record<string, readonly string[]>>;

const require = createRequire(import.meta.url);
let lists: StopwordsIso | undefined;
const cache = new Map<string, ReadonlySet<string> | undefined>();

/** A plain word, possibly with one apostrophe ("l'on"): what withoutGeneralWords can match. */
const PLAIN = /^\p{L}+(?:'\p{L}+)?$/u;

/** The general words of a text search configuration's language, lower-case; undefined when it has no list. */
export function generalWordsFor(config: string = DEFAULT_TEXT_CONFIG): ReadonlySet<string> | undefined {
  if (cache.has(config)) return cache.get(config);
  const words = config === DEFAULT_TEXT_CONFIG ? GENERAL_ENGLISH_WORDS.trim().split(/\s+/) : isoList(config);
  const set = words ? new Set(words.map((w) => w.toLowerCase()).filter((w) => PLAIN.test(w))) : undefined;
  cache.set(config, set && set.size > 0 ? set : undefined);
  return cache.get(config);
}

function isoList(config: string): readonly string[] | undefined {
  const codes = languagesOfConfig(config);
  if (codes.length === 0) return undefined;
  try {
    lists ??= require('stopwords-iso/stopwords-iso.json') as StopwordsIso;
  } catch {
    return undefined; // the package is a dependency; without it, questions read as before
  }
  const code = codes.find((c) => Object.hasOwn(lists!, c));
  return code ? lists[code] : undefined;
}
