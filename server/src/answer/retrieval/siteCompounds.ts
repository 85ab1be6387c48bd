import type { CorpusStats } from '../../db/repositories/termStats.js';
import { READING } from './params.js';
import type { Picked } from './wordReadings.js';

/**
 * A question's word in the site's compounds, for a language that writes them closed
 * (compoundParts.ts, COMPOUNDING_CONFIGS): "Tastatur" is also "Tastatureingabe", "Editor" also
 * "Texteditor", one stem each that the question's word does not match. Where compoundParts.ts reads
 * a question's compound as the site's words, this reads the question's words in the site's compounds.
 */

/** A compound the site writes of a question's word (`word`: Tastatur → Tastatureingabe), with its chunk count. */
export interface SiteCompound {
  word: string;
  lexeme: string;
  df: number;
}

/**
 * SITE_COMPOUNDS_CTES, READ_SQL's part (questionRead.ts, kind 'x'): for each of the question's longer words, and the
 * parts of a longer one, the site's words that begin or end with it and whose rest (but for
 * compoundJoin joining letters) is a word the site writes too, the most used first. Two byte-wise
 * index ranges per word (migration 030). Only a word the site writes and that is not common on
 * it is looked up (`known`): a common word's compounds are the most numerous and are skipped anyway.
 * OFFSET 0 keeps each lookup a probe of the index; joined, the planner read the whole vocabulary.
 * Parameters: $1 the bot, $10 compoundPart, $11 compoundMinWord, $15 compoundWordMin, $16
 * compoundJoin, $18 compoundWordShare; q.grows says the question's word is one to look up.
 */
const SITE_COMPOUNDS = `
bases AS (
  SELECT lexeme AS word FROM q WHERE q.grows
  UNION
  SELECT w FROM q, LATERAL (
    SELECT unnest(ARRAY[left(q.lexeme, i), substr(q.lexeme, i + 1)]) AS w
      FROM generate_series($10::int, char_length(q.lexeme) - $10::int) AS i) AS split
   WHERE q.grows AND char_length(q.lexeme) >= $11::int AND char_length(w) >= $15::int),
grown AS (
  SELECT b.word, g.lexeme, sum(g.df)::float8 AS df
    FROM bases AS b JOIN term_totals t ON t.chatbot_id = $1 AND t.live
    CROSS JOIN LATERAL (
      SELECT 1 FROM term_stats w
       WHERE w.chatbot_id = t.chatbot_id AND w.generation = t.generation AND w.lexeme = b.word AND w.df <= $18::float8 * t.chunks
      OFFSET 0) AS known
    CROSS JOIN LATERAL (
      SELECT s.lexeme, s.df, substr(s.lexeme, char_length(b.word) + 1) AS rest, true AS head
        FROM term_stats s
       WHERE s.chatbot_id = t.chatbot_id AND s.generation = t.generation
         AND s.lexeme ~>=~ b.word AND s.lexeme ~<~ (left(b.word, -1) || chr(ascii(right(b.word, 1)) + 1))
      UNION ALL
      SELECT s.lexeme, s.df, left(s.lexeme, -char_length(b.word)), false
        FROM term_stats s
       WHERE s.chatbot_id = t.chatbot_id AND s.generation = t.generation
         AND reverse(s.lexeme) ~>=~ reverse(b.word)
         AND reverse(s.lexeme) ~<~ (left(reverse(b.word), -1) || chr(ascii(left(b.word, 1)) + 1))) AS g
   WHERE char_length(g.rest) >= $10::int AND g.lexeme !~ '[[:digit:][:punct:][:space:]]'
     AND EXISTS (
       SELECT 1
         FROM unnest(ARRAY(
                SELECT CASE WHEN g.head THEN substr(g.rest, k + 1) ELSE left(g.rest, char_length(g.rest) - k) END
                  FROM generate_series(0, $16::int) AS k WHERE char_length(g.rest) - k >= $10::int)) AS v(rest)
         JOIN term_stats r ON r.chatbot_id = t.chatbot_id AND r.generation = t.generation AND r.lexeme = v.rest)
   GROUP BY b.word, g.lexeme),`;

/**
 * The same CTEs reading nothing, for a bot whose questions are read in a language that does not
 * compound (most bots: planning the lookups cost an English question 3 ms of its 9 at the median,
 * eval/LOG.md). The parameters stay typed as the statement's other variant has them.
 */
const NO_COMPOUNDS = `
bases AS (SELECT NULL::text AS word WHERE false),
grown AS (SELECT NULL::text AS word, NULL::text AS lexeme, NULL::float8 AS df WHERE $16::int + $18::float8 < 0),`;

/** SITE_COMPOUNDS_CTES, or its variant that reads nothing. */
export const siteCompoundsCtes = (read: boolean): string => (read ? SITE_COMPOUNDS : NO_COMPOUNDS);

/**
 * The site's compounds of the question's words (siteCompoundsCtes: "Tastatureingabe" for
 * "Tastatur", "Texteditor" for "Editor") join the question after its words, at their word's
 * positions, weighed for the score and not for coverage, as joined verbs are. Only for a word that
 * names the question's subject (not a general word) and is not common on the site: a common word's
 * compounds are the site's everyday vocabulary ("Systemtipps", a chapter title, for "System"), and
 * they pulled that chapter above the page that answers (debref-de r01, eval/LOG.md).
 */
export function readSiteCompounds(chosen: Picked[], compounds: SiteCompound[], stats: CorpusStats): void {
  const limit = READING.compoundWordShare * stats.total;
  for (const c of compounds) {
    const word = chosen.find((r) => r.lexeme === c.word);
    const wordDf = stats.df.get(c.word) ?? 0;
    if (!word || word.general || wordDf === 0 || wordDf > limit || c.df <= 0) continue;
    if (chosen.some((r) => r.lexeme === c.lexeme)) continue;
    stats.df.set(c.lexeme, c.df);
    chosen.push({ lexeme: c.lexeme, positions: word.positions, general: false, parts: [], variantOf: c.word });
  }
}
