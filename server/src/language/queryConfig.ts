import type { Queryable } from '../db/db.js';
import { textSearchConfig } from './configs.js';
import { questionLanguage } from './detect.js';

/**
 * The text search configuration a question is read with: the bot's language's; on a mixed site
 * (pages in several languages, each indexed in its own) the question's language when its words say
 * it clearly and the bot has pages in it, so a German question finds the German pages' stems. A bot
 * whose pages are all in one language always reads questions in it (an English bot's questions are
 * read exactly as before languages).
 */
export async function queryTextConfig(q: Queryable, chatbotId: string, question: string): Promise<string> {
  const { language, pageLanguages } = await readBotLanguages(q, chatbotId);
  const own = textSearchConfig(language);
  if (pageLanguages.length < 2) return own;
  const asked = questionLanguage(question);
  return asked && pageLanguages.includes(asked) ? textSearchConfig(asked) : own;
}

/** The bot's own configuration (its language's), for reading many of its visitors' questions at once. */
export async function botTextConfig(q: Queryable, chatbotId: string): Promise<string> {
  return textSearchConfig((await readBotLanguages(q, chatbotId)).language);
}

/** The bot's language and the languages of its pages, for reading a question (queryConfig.ts). */
export async function readBotLanguages(q: Queryable, chatbotId: string): Promise<{ language: string | null; pageLanguages: string[] }> {
  const [row] = await q.query<{ language: string | null; page_languages: string[] | null }>(
    'SELECT language, page_languages FROM chatbots WHERE id = $1',
    [chatbotId],
  );
  return { language: row?.language ?? null, pageLanguages: row?.page_languages ?? [] };
}
