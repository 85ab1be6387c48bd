import { prepared, type Db, type Queryable } from '../db/db.js';
import { countDocuments, rebuildTermStats, type Generation } from '../db/repositories/termStats.js';
import { forgetLsaSpace } from '../embeddings/lsaIndex.js';
import { forgetPublicBot } from '../db/repositories/publicBotCache.js';
import { textSearchConfig } from './configs.js';
import { pageLanguage } from './detect.js';

/**
 * A bot's language in the database: each page written in its own language (a mixed site is indexed
 * page by page), the bot's language settled from its live pages when a crawl goes live (most pages
 * win), and the owner's choice, which overrules detection for every page of the bot.
 */

interface BotLanguageRow {
  language: string | null;
  language_chosen: boolean;
}

/** What a page is indexed as: its language (null when not known) and its text search configuration. */
export interface PageReading {
  language: string | null;
  config: string;
}

/**
 * The language and configuration of each page about to be written. The bot's language is read once
 * per batch: an owner's choice applies to every page; otherwise a page is read in its own language,
 * and a page that does not say (too little text) in the bot's.
 */
export async function pageReadings(
  q: Queryable,
  chatbotId: string,
  pages: { content: string; title?: string; declaredLanguage?: string | null }[],
): Promise<PageReading[]> {
  const [bot] = await q.query<BotLanguageRow>(prepared('SELECT language, language_chosen FROM chatbots WHERE id = $1'), [chatbotId]);
  return pages.map((p) => {
    const language = pageLanguage({ text: `${p.title ?? ''}\n${p.content}`, declared: p.declaredLanguage }) ?? null;
    if (bot?.language_chosen) return { language, config: textSearchConfig(bot.language) };
    return { language, config: textSearchConfig(language ?? bot?.language) };
  });
}

/**
 * When a crawl goes live (in its swap's transaction): the languages of the live pages, and the bot's
 * language as the one most of them are in, unless the owner chose one. Pages whose text said no
 * language were written in the bot's language as it was then (on a first crawl, not yet known):
 * they are read again in the settled one.
 */
export async function settleBotLanguage(q: Queryable, chatbotId: string): Promise<void> {
  const rows = await q.query<{ language: string; n: number }>(
    `SELECT language, count(*)::int AS n FROM documents WHERE chatbot_id = $1 AND live AND language IS NOT NULL
      GROUP BY language ORDER BY n DESC, language`,
    [chatbotId],
  );
  const [bot] = await q.query<BotLanguageRow>(
    `UPDATE chatbots SET page_languages = $3::text[],
            language = CASE WHEN language_chosen THEN language ELSE coalesce($2, language) END
      WHERE id = $1 RETURNING language, language_chosen`,
    [chatbotId, rows[0]?.language ?? null, rows.map((r) => r.language)],
  );
  if (bot && !bot.language_chosen) await readUndetectedAgain(q, chatbotId, textSearchConfig(bot.language));
  forgetPublicBot(chatbotId);
}

/** The bot's pages of no detected language, re-indexed in `config`, their term statistics counted out and in again. */
async function readUndetectedAgain(q: Queryable, chatbotId: string, config: string): Promise<void> {
  const docs = await q.query<{ id: string; task_id: string | null; live: boolean }>(
    'SELECT id::text AS id, task_id::text AS task_id, live FROM documents WHERE chatbot_id = $1 AND language IS NULL AND ts_config <> $2',
    [chatbotId, config],
  );
  if (docs.length === 0) return;
  const generations = new Map<string, { gen: Generation; ids: string[] }>();
  for (const d of docs) {
    const key = `${d.task_id}/${d.live}`;
    if (!generations.has(key)) generations.set(key, { gen: { chatbotId, taskId: d.task_id, live: d.live }, ids: [] });
    generations.get(key)!.ids.push(d.id);
  }
  for (const { gen, ids } of generations.values()) await countDocuments(q, gen, ids, -1);
  const ids = docs.map((d) => d.id);
  await q.query('UPDATE documents SET ts_config = $2 WHERE id = ANY($1::uuid[])', [ids, config]);
  await q.query('UPDATE chunks SET ts_config = $2 WHERE document_id = ANY($1::uuid[])', [ids, config]);
  await q.query(PAGE_WORDS_SQL, [ids]);
  for (const { gen, ids: some } of generations.values()) await countDocuments(q, gen, some, 1);
}

/**
 * The owner's choice of language (null: detect it again). Applied at once by re-indexing in the
 * database, no re-crawl: every page whose configuration changes has its chunks' words read again
 * (generated columns follow ts_config), its page-level words rebuilt from them, and the bot's term
 * statistics and LSA space counted anew. Returns the bot's language afterwards.
 */
export async function setBotLanguage(db: Db, chatbotId: string, chosen: string | null): Promise<string | null> {
  const language = await db.transaction(async (tx) => {
    await tx.query('UPDATE chatbots SET language = $2::text, language_chosen = $2::text IS NOT NULL WHERE id = $1', [chatbotId, chosen]);
    if (chosen === null) await settleBotLanguage(tx, chatbotId);
    const [bot] = await tx.query<BotLanguageRow>('SELECT language, language_chosen FROM chatbots WHERE id = $1', [chatbotId]);
    const seen = await tx.query<{ language: string | null }>('SELECT DISTINCT language FROM documents WHERE chatbot_id = $1', [chatbotId]);
    const langs = seen.map((r) => r.language);
    const configs = langs.map((l) => textSearchConfig(chosen ?? l ?? bot?.language));
    const changed = await tx.query<{ id: string }>(
      `UPDATE documents d SET ts_config = m.cfg
         FROM unnest($2::text[], $3::text[]) AS m(lang, cfg)
        WHERE d.chatbot_id = $1 AND d.language IS NOT DISTINCT FROM m.lang AND d.ts_config <> m.cfg
       RETURNING d.id::text AS id`,
      [chatbotId, langs, configs],
    );
    const ids = changed.map((r) => r.id);
    if (ids.length > 0) {
      await tx.query('UPDATE chunks c SET ts_config = d.ts_config FROM documents d WHERE d.id = c.document_id AND d.id = ANY($1::uuid[])', [
        ids,
      ]);
      await tx.query(PAGE_WORDS_SQL, [ids]);
      await tx.query('DELETE FROM lsa_spaces WHERE chatbot_id = $1', [chatbotId]);
    }
    await tx.query(
      `UPDATE chatbots SET page_languages = CASE WHEN language_chosen THEN ARRAY[language] ELSE page_languages END WHERE id = $1`,
      [chatbotId],
    );
    return { language: bot?.language ?? null, reindexed: ids.length > 0 };
  });
  if (language.reindexed) {
    await rebuildTermStats(db, chatbotId);
    forgetLsaSpace(db, chatbotId);
  }
  forgetPublicBot(chatbotId);
  return language.language;
}

// As the indexer does (migration 021): a page's words are its chunks' content words.
const PAGE_WORDS_SQL = `
UPDATE documents d SET tsv = coalesce(a.tsv, ''::tsvector), tsv_len = length(coalesce(a.tsv, ''::tsvector))
  FROM (SELECT id, (SELECT tsvector_agg(ts_filter(c.tsv, '{c}') ORDER BY c.ordinal) FROM chunks c WHERE c.document_id = x.id AND c.ordinal < 200) AS tsv
          FROM unnest($1::uuid[]) AS x(id)) a
 WHERE d.id = a.id`;
