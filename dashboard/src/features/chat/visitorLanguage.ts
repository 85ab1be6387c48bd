import { useEffect, useState } from 'react';
import type { ChatTexts, LanguageCode, PageTexts } from '../../../../shared/src/messages/index';
import { catalogueLanguage } from '../../../../shared/src/messages/start';

/** The first of the visitor's browser languages the catalogue has, else English: /chat's guess before (or without) the bot's info. */
export function browserLanguage(): LanguageCode {
  return navigator.languages.map(catalogueLanguage).find((code) => code !== undefined) ?? 'en';
}

type Info = { language: string; texts: ChatTexts & PageTexts };

/**
 * When the bot's info cannot be had (an unknown bot, the server unreachable), the page still speaks
 * the visitor's language: its texts as the bot's info would bring them, from the whole catalogue,
 * loaded only then (its own chunk). `info` is undefined for English (the page's own) and until
 * loaded; `ready` says the page may show its texts (English if the catalogue could not be loaded).
 */
export function useFallbackInfo(lang: LanguageCode, failed: boolean): { info?: Info; ready: boolean } {
  const [loaded, setLoaded] = useState<{ info?: Info }>();
  const needed = failed && lang !== 'en';
  useEffect(() => {
    if (!needed) return;
    let live = true;
    import('../../../../shared/src/messages/index').then(
      (catalogue) => live && setLoaded({ info: { language: lang, texts: catalogue.chatTexts(lang) } }),
      () => live && setLoaded({}),
    );
    return () => {
      live = false;
    };
  }, [needed, lang]);
  return needed ? { info: loaded?.info, ready: !!loaded } : { ready: true };
}
