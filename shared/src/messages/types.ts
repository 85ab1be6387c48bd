import type * as en from './en';
import type { SmallTalkPhrases } from './phrases';

/** What the widget shows before it knows the bot (en.ts's start, which its chat section includes). */
export type StartTexts = { readonly [K in keyof typeof en.start]: string };
/** The widget's and /chat's texts: every key of the English file, each a string. */
export type ChatTexts = { readonly [K in keyof typeof en.chat]: string };
/** The /chat page's own texts: every key of the English file, each a string. */
export type PageTexts = { readonly [K in keyof typeof en.page]: string };
/** The bot's own replies: every key of the English file, each a string. */
export type ReplyTexts = { readonly [K in keyof typeof en.reply]: string };

/** One language of the catalogue: what one file (en.ts, de.ts, …) exports. */
export interface LanguageFile {
  start: StartTexts;
  chat: ChatTexts;
  page: PageTexts;
  reply: ReplyTexts;
  smallTalk: SmallTalkPhrases;
  stopWords: string;
}
