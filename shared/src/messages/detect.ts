import { catalogueLanguage, LANGUAGES, replyTexts, type LanguageCode, type ReplyTexts } from './index';

/**
 * Which of the catalogue's languages a question is written in, from its function words ("the",
 * "der", "les", "het" …): each language scores the words of the question found in its stop-word
 * list. A question too short to tell, or one two languages score alike, gives undefined: the bot's
 * own language is kept then (replyLanguage).
 */

const WORDS = new Map<LanguageCode, ReadonlySet<string>>(
  (Object.keys(LANGUAGES) as LanguageCode[]).map((code) => [code, new Set(LANGUAGES[code].stopWords.split(/\s+/).filter(Boolean))]),
);

/** Fewer words than this never decide a language ("Installation?", "Preise"). */
const MIN_WORDS = 3;
/** The winner needs at least this many function words… */
const MIN_HITS = 2;

/** The question's words: lowercase letters, apostrophes split ("l'installation" → l, installation). */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

/** The language of the text among the catalogue's, or undefined when it is short or ambiguous. */
export function detectLanguage(text: string): LanguageCode | undefined {
  const words = wordsOf(text.slice(0, 2000));
  if (words.length < MIN_WORDS) return undefined;
  const scores = [...WORDS]
    .map(([code, stop]) => ({ code, hits: words.filter((w) => stop.has(w)).length }))
    .sort((a, b) => b.hits - a.hits);
  const [best, second] = scores;
  // …and strictly more than any other language: a tie says nothing.
  if (!best || best.hits < MIN_HITS || (second && second.hits >= best.hits)) return undefined;
  return best.code;
}

/**
 * The language the bot replies in: the question's when it is clearly one of the catalogue's and
 * differs from the bot's, else the bot's (English when the catalogue does not have it).
 */
export function replyLanguage(botLanguage: string | null | undefined, question: string): LanguageCode {
  const bot = catalogueLanguage(botLanguage);
  return detectLanguage(question) ?? bot ?? 'en';
}

/** The bot's fixed replies for this question: in replyLanguage's language. */
export const repliesFor = (botLanguage: string | null | undefined, question: string): ReplyTexts =>
  replyTexts(replyLanguage(botLanguage, question));
