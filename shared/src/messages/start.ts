import { start as de } from './de';
import { start as en } from './en';
import { start as es } from './es';
import { start as fr } from './fr';
import type { LanguageCode } from './index';
import { start as it } from './it';
import { start as nl } from './nl';
import { start as pt } from './pt';
import type { StartTexts } from './types';

/**
 * Every language's first texts (each file's `start`), which the widget's launcher bundles: it must
 * speak the bot's language before the bot's info says what that is. Only these sections are
 * imported, so the rest of the catalogue stays out of the widget. Typed by the catalogue's own
 * list (index.ts), so a language named there and not here fails typecheck.
 */
export const START_TEXTS: Record<LanguageCode, StartTexts> = { en, fr, de, es, it, pt, nl };

/** The catalogue's language for a language tag ('de', 'de-AT', 'DE_de'), or undefined when it has none. */
export function catalogueLanguage(tag: string | null | undefined): LanguageCode | undefined {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return Object.hasOwn(START_TEXTS, primary) ? (primary as LanguageCode) : undefined;
}
