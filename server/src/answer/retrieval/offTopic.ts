import type { PageHit, QueryTerm, Retrieval } from '../types.js';
import { DEFAULT_TEXT_CONFIG, languagesOfConfig } from '../../language/configs.js';
import { questionLanguage } from '../../language/detect.js';
import { absentNames, isLanguageName, unmatchedNames, type UnmatchedName } from './absentNames.js';
import { foreignAbsentNames } from './foreignNames.js';
import { asksPrice, statesPrice } from './priceQuestions.js';
import { READING } from './params.js';

/** How many of the first pages' passages a question's names are looked for in (unmatchedNames). */
const NAME_PAGES = READING.namePages;
/** Share of the question's information in words the site never writes at which "not sure" declines. */
const ABSENT_SHARE = READING.absentDeclineShare;
/** Least share of the question's information a rarely written name must carry to decline it. */
const UNMATCHED_SHARE = READING.unmatchedNameShare;

/** The word lists the readers need: the question language's own, and English's (loanwords). */
export interface WordLists {
  /** The question language's word list (language/words.ts), when it has one. */
  words?: ReadonlySet<string>;
  english?: ReadonlySet<string>;
}

/** The text of the first pages' passages, with their titles and headings, as a visitor is shown them. */
function passagesOf(pages: PageHit[]): string[] {
  return pages.slice(0, NAME_PAGES).flatMap((p) => p.chunks.map((c) => `${p.title} ${c.headingPath} ${c.content}`));
}

/**
 * The share of a question's information (coverage weights) in words the site never writes. A
 * language's name is left out: "in German and English" asks about a setting, not a topic.
 */
export function absentShare(terms: QueryTerm[]): number {
  let total = 0;
  let absent = 0;
  for (const t of terms) {
    if (isLanguageName(t.lexeme)) continue;
    const w = t.coverageWeight * t.idf;
    total += w;
    if (t.df === 0) absent += w;
  }
  return total > 0 ? absent / total : 0;
}

/**
 * Whether a question is read in its own language's configuration: a German question put to an
 * English bot is read in English, and its German words are absent from the site for that reason
 * alone, not because the site lacks its subject.
 */
function readInItsLanguage(question: string, config: string): boolean {
  const asked = questionLanguage(question);
  return asked === undefined || languagesOfConfig(config).includes(asked);
}

/** The share of a question's information (coverage weights) in the terms that stand for these names. */
export function namesShare(names: UnmatchedName[], terms: QueryTerm[]): number {
  const lexemes = new Set(names.flatMap((n) => n.terms.map((t) => t.lexeme)));
  let total = 0;
  let named = 0;
  for (const t of terms) {
    const w = t.coverageWeight * t.idf;
    total += w;
    if (lexemes.has(t.lexeme)) named += w;
  }
  return total > 0 ? named / total : 0;
}

/**
 * Retrieval's outcome, declined when the question is about something else than the passages found:
 *  - it names something the site never writes: declined naming it (`absent`), whatever its other
 *    words find ("How do I deploy with Terraform?" on a site whose deploy page never says Terraform);
 *    in English by the word list (absentNames.ts), in other languages by a name's shape (foreignNames.ts);
 *  - it asks what something costs, and none of the first pages' passages states a price or that it
 *    costs nothing (priceQuestions.ts): a passage naming the product answers another question. A
 *    plain decline;
 *  - retrieval was unsure, and most of the question's information is in words the site never writes
 *    ("How do I fix a flat tire on my bicycle?" on a programming site): the passage found is about
 *    the few words left, so "not sure" would quote something unrelated. A plain decline;
 *  - retrieval was unsure, and it names something the site mentions only in passages it did not find:
 *    those passages are about its other words (a name of several words, "the Mona Lisa", only where
 *    a passage writes them together: absentNames.ts). A plain decline (the site does write the name), when
 *    the name carries a real part of the question: "on GitHub" in passing, in a long question about
 *    a merge error, does not make the question GitHub's.
 */
export function declineOffTopic(question: string, found: Retrieval, lists: WordLists): Retrieval {
  const config = found.textConfig ?? DEFAULT_TEXT_CONFIG;
  const absent =
    config === DEFAULT_TEXT_CONFIG
      ? absentNames(question, found.terms, lists.words)
      : foreignAbsentNames(question, found.terms, config, lists.english);
  if (absent.length > 0) return { ...found, outcome: 'none', covered: false, pages: [], absent };
  if (found.outcome !== 'none' && asksPrice(question) && !passagesOf(found.pages).some(statesPrice)) {
    return { ...found, outcome: 'none', covered: false, pages: [] };
  }
  if (found.outcome !== 'unsure') return found;
  if (readInItsLanguage(question, config) && absentShare(found.terms) >= ABSENT_SHARE) {
    return { ...found, outcome: 'none', covered: false, pages: [] };
  }
  const unmatched = unmatchedNames(question, found.terms, passagesOf(found.pages), lists.words);
  if (unmatched.length > 0 && namesShare(unmatched, found.terms) >= UNMATCHED_SHARE) {
    return { ...found, outcome: 'none', covered: false, pages: [] };
  }
  return found;
}
