import * as de from './de';
import * as en from './en';
import * as es from './es';
import * as fr from './fr';
import * as it from './it';
import * as nl from './nl';
import * as pt from './pt';
import { catalogueLanguage } from './start';
import type { ChatTexts, LanguageFile, PageTexts, ReplyTexts, StartTexts } from './types';

/**
 * The message catalogue: every text the product writes to a visitor, one file per language, keyed
 * by its primary language code. Adding a language is writing its file (typed against en.ts) and
 * naming it here and in start.ts (the widget's first texts; typecheck fails until both name it);
 * the question-language detector (detect.ts) and the small-talk reader pick it up.
 * Dependency-free like shared/src/contract/, so the server loads it too (eslint.config.js).
 */
export const LANGUAGES = { en, fr, de, es, it, pt, nl } satisfies Record<string, LanguageFile>;

export type LanguageCode = keyof typeof LANGUAGES;
export type { ChatTexts, LanguageFile, PageTexts, ReplyTexts, StartTexts };

// Here for the server and the dashboard; it lives in start.ts, which the widget imports without the rest.
export { catalogueLanguage };

/** The replies of a language, English when the catalogue does not have it. */
export const replyTexts = (tag: string | null | undefined): ReplyTexts => LANGUAGES[catalogueLanguage(tag) ?? 'en'].reply;

/** The widget's and /chat's texts of a language (the chat's and the /chat page's own), English when the catalogue does not have it. */
export function chatTexts(tag: string | null | undefined): ChatTexts & PageTexts {
  const file = LANGUAGES[catalogueLanguage(tag) ?? 'en'];
  return { ...file.chat, ...file.page };
}

export { fill } from './fill';

/** "A", "A or B", "A, B or C", with the language's word for "or". */
export function listOr(names: string[], texts: ReplyTexts): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} ${texts.or} ${names.at(-1)}`;
}
