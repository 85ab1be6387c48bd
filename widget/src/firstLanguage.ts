import type { LanguageCode } from '../../shared/src/messages/index';
import { catalogueLanguage } from '../../shared/src/messages/start';
import { doc, win } from './env';

/** Where the launcher keeps a bot's language as last seen on this browser (one key per bot). */
const key = (botId: string) => `docent_language_${botId}`;

/**
 * The language the widget speaks before the bot's info says which it is, so its first paint is
 * already in it: the bot's as last seen here; else the host page's `<html lang>` (the bot answers
 * from that site, in the site's language); else, on a page that declares none, the first of the
 * visitor's browser languages the catalogue has; English when none is.
 */
export function firstLanguage(botId: string): LanguageCode {
  let remembered: string | null = null;
  try {
    remembered = win().localStorage.getItem(key(botId));
  } catch {} // sandboxed frames and blocked storage throw on access
  const page = doc().documentElement.lang;
  const browser = win().navigator.languages ?? [win().navigator.language];
  return catalogueLanguage(remembered) ?? (page ? catalogueLanguage(page) : browser.map(catalogueLanguage).find(Boolean)) ?? 'en';
}

/** Keeps the bot's language, as its info gave it, for the next page's first paint. */
export function rememberLanguage(botId: string, lang: string): void {
  try {
    win().localStorage.setItem(key(botId), lang);
  } catch {}
}
