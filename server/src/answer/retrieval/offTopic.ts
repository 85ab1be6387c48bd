import type { PageHit, Retrieval } from '../types.js';
import { absentNames, unmatchedNames } from './absentNames.js';
import { READING } from './params.js';

/** How many of the first pages' passages a question's names are looked for in (unmatchedNames). */
const NAME_PAGES = READING.namePages;

/** The text of the first pages' passages, with their titles and headings, as a visitor is shown them. */
function passagesOf(pages: PageHit[]): string[] {
  return pages.slice(0, NAME_PAGES).flatMap((p) => p.chunks.map((c) => `${p.title} ${c.headingPath} ${c.content}`));
}

/**
 * Retrieval's outcome, declined when the question is about something else than the passages found:
 *  - it names something the site never writes: declined naming it (`absent`), whatever its other
 *    words find ("How do I deploy with Terraform?" on a site whose deploy page never says Terraform);
 *  - retrieval was unsure, and it names something the site mentions only in passages it did not find:
 *    those passages are about its other words. A plain decline (the site does write the name).
 * `words` is the question language's word list (language/words.ts); without one neither rule runs.
 */
export function declineOffTopic(question: string, found: Retrieval, words: ReadonlySet<string> | undefined): Retrieval {
  const absent = absentNames(question, found.terms, words);
  if (absent.length > 0) return { ...found, outcome: 'none', covered: false, pages: [], absent };
  if (found.outcome === 'unsure' && unmatchedNames(question, found.terms, passagesOf(found.pages), words).length > 0) {
    return { ...found, outcome: 'none', covered: false, pages: [] };
  }
  return found;
}
