import { createContext, useContext, useMemo } from 'react';
import { page as english } from '../../../../shared/src/messages/en';
import type { PageTexts } from '../../../../shared/src/messages/types';

/**
 * The /chat page's own texts (its sidebar and the conversation list) in the bot's language, beside
 * the chat's (shared/src/chat/texts.ts). They come with the bot's public info; English until then.
 */
const PageTextsContext = createContext<PageTexts>(english);

export const PageTextsProvider = PageTextsContext.Provider;
export const usePageTexts = (): PageTexts => useContext(PageTextsContext);

/** A bot's public info read as the page's texts. */
export function useBotPageTexts(bot: { language?: string; texts?: Partial<PageTexts> } | undefined): PageTexts {
  const texts = bot?.language !== 'en' ? bot?.texts : undefined;
  return useMemo(() => (texts ? { ...english, ...texts } : english), [texts]);
}
