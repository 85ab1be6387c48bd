import type { Queryable } from '../db/db.js';
import { DEFAULT_TEXT_CONFIG, SIMPLE_TEXT_CONFIG, SNOWBALL_CONFIGS, textSearchConfig } from './configs.js';
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
  return chooseConfig(textSearchConfig(language), pageLanguages, questionLanguage(question));
}

/** queryTextConfig's choice once the bot's languages are read. */
function chooseConfig(own: string, pageLanguages: string[], asked: string | undefined): string {
  if (pageLanguages.length < 2) return own;
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

/**
 * queryTextConfig as a SQL subquery, for a statement that reads the question in the same round
 * trip as the bot's languages (answer/retrieval/queryAnalysis.ts: the question's first read is one
 * statement). `$N` placeholders are numbered from `first`, in the order of configChoiceParams. The
 * language codes' configurations come from configs.ts (passed in, not written twice); the question's
 * language is detected in JS, as queryTextConfig does. Yields one row, `config`, for any bot id.
 */
export function configChoiceSql(bot: string, first: number): string {
  const [codes, configs, asked, askedConfig] = [0, 1, 2, 3].map((i) => `$${first + i}`);
  // primaryLanguage (configs.ts): the primary subtag of a BCP-47 tag, lower-case.
  const primary = `lower(substring(btrim(b.language, E' \\t\\n\\r\\f\\v') from '^([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{2,8})*$'))`;
  const own = `CASE WHEN ${primary} IS NULL THEN '${DEFAULT_TEXT_CONFIG}'
       ELSE coalesce((SELECT m.config FROM unnest(${codes}::text[], ${configs}::text[]) AS m(code, config) WHERE m.code = ${primary}), '${SIMPLE_TEXT_CONFIG}') END`;
  return `(SELECT CASE WHEN cardinality(b.page_languages) >= 2 AND ${asked}::text = ANY(b.page_languages) THEN ${askedConfig}::text
       ELSE ${own} END AS config
  FROM (SELECT 1) AS one LEFT JOIN chatbots b ON b.id = ${bot})`;
}

/** configChoiceSql's parameters for this question. */
export function configChoiceParams(question: string): unknown[] {
  const asked = questionLanguage(question) ?? null;
  return [Object.keys(SNOWBALL_CONFIGS), Object.values(SNOWBALL_CONFIGS), asked, asked && textSearchConfig(asked)];
}
