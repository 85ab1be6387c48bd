import { stem as porter2 } from 'porter2';
import { englishWords } from '../text/englishWords.js';
import { DEFAULT_TEXT_CONFIG } from './configs.js';

/**
 * The language seam's JS side: the word lists and stemmers that code outside the database uses,
 * per text search configuration. Only English has them today (SCOWL's word list, Snowball's English
 * stemmer Porter2, the same stems as PostgreSQL's english configuration): the readers built on them
 * (typing slips, dialect spellings, names a site never writes) run only where this returns one, and
 * every other language is read by the database alone.
 */

/** The words of a configuration's language, when there is a list of them (and it could be read); undefined otherwise. */
export async function wordListFor(config: string = DEFAULT_TEXT_CONFIG): Promise<ReadonlySet<string> | undefined> {
  return config === DEFAULT_TEXT_CONFIG ? englishWords().catch(() => undefined) : undefined;
}

/** The stemmer that stems as this configuration does, when there is one in JS. */
export function stemmerFor(config: string): ((word: string) => string) | undefined {
  return config === DEFAULT_TEXT_CONFIG ? porter2 : undefined;
}

/** Porter2, for the English-only readers (spelling, absent names) that are reached only through wordListFor. */
export const englishStem: (word: string) => string = porter2;
