import { createContext, useContext, useMemo } from 'react';
import { DEFAULT_CONVERSATION_TITLES } from '../contract/titles';
import { chat as english } from '../messages/en';
import type { ChatTexts } from '../messages/types';

/**
 * The fixed texts the chat shows a visitor, in the bot's language. Only English is bundled whole: the
 * server sends a bot's other language's texts with its public info (GET /chatbots/{id}/public), so
 * the widget never carries the whole catalogue (shared/src/messages/), only every language's few
 * first texts (messages/start.ts) for what shows before that info arrives.
 */
export interface ChatLanguage {
  /** The texts' language, for the `lang` attribute (screen readers, hyphenation). */
  lang: string;
  t: ChatTexts;
}

const ENGLISH: ChatLanguage = { lang: 'en', t: english };
const ChatTextsContext = createContext<ChatLanguage>(ENGLISH);

/** Gives the chat below it a bot's language; without one, everything below is English. */
export const ChatTextsProvider = ChatTextsContext.Provider;

/** The chat's texts where it is rendered. */
export const useChatTexts = (): ChatLanguage => useContext(ChatTextsContext);

/**
 * A bot's public info read as a ChatLanguage: English when it sends no texts. Until it has loaded,
 * `first` (the language the widget guessed and the few texts it carries in every language), else English.
 */
export function useChatLanguage(
  bot: { language?: string; texts?: ChatTexts } | null | undefined,
  first?: { lang: string; texts: Partial<ChatTexts> },
): ChatLanguage {
  const lang = bot ? (bot.texts && bot.language) || 'en' : (first?.lang ?? 'en');
  const texts = bot ? bot.texts : first?.texts;
  return useMemo(() => (texts && lang !== 'en' ? { lang, t: { ...english, ...texts } } : ENGLISH), [lang, texts]);
}

/**
 * A conversation's title as shown: the default titles the clients store (always English, as the spec
 * and the server's renaming rule want) read in the chat's language; an empty one is `fallback`.
 */
export function shownTitle(title: string | null | undefined, t: ChatTexts, fallback: string): string {
  const s = title?.trim();
  if (!s) return fallback;
  if (s === DEFAULT_CONVERSATION_TITLES.widget) return t.newChat;
  if (s === DEFAULT_CONVERSATION_TITLES.chatPage) return t.newConversation;
  if (s === DEFAULT_CONVERSATION_TITLES.conversationList) return t.untitled;
  return s;
}
