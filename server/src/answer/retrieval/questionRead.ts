import type { Queryable } from '../../db/db.js';
import { DEFAULT_TEXT_CONFIG } from '../../language/configs.js';
import { configChoiceSql } from '../../language/queryConfig.js';
import { closedJoins, joinReads } from '../../language/closedWords.js';
import { COMPOUNDING_CONFIGS } from './compoundParts.js';
import { siteCompoundsCtes, type SiteCompound } from './siteCompounds.js';
import { readParams } from './questionReadParams.js';

/**
 * The question's first read, one statement (issue #40: a question may cost two round trips): the
 * configuration it is read with (the bot's languages, language/queryConfig.ts), its lexemes, and the
 * bot's term statistics for every lexeme the analysis below may ask about.
 *
 * The lexemes come with their parts: PostgreSQL's parser reads a dotted or slashed name
 * ("pkg.module", "obj.method()", "a/b/c") as one token, while pages mostly name the parts on their
 * own ("method()" on the module's page); the parts are stemmed like any other words. (Hyphenated
 * words come with their parts from the parser already, at the positions right after the whole.)
 * `content` says whether the lexeme also comes from a word outside the configuration's general
 * words (`stripped`: the question without them, per configuration whose list changes it): "exception"
 * and "except" share a stem.
 *
 * The statistics are read for all of the question's lexemes and parts and, in a configuration that
 * splits compounds, every prefix and suffix a split could use (compoundParts.ts): a superset of what
 * the analysis picks (it keeps MAX_QUERY_TERMS of them), so it never has to ask again; it keeps only
 * the counts it asked for. In a language that separates its verbs, the particle + verb words the
 * question may mean (language/separableVerbs.ts) are read too, kind 'j'; in a language that writes
 * compounds closed, the site's most used compounds of each of the question's longer words (the
 * word then another the site writes, or another then the word: Tastatur → Tastatureingabe, Editor →
 * Texteditor), kind 'x' (two index ranges per word, migration 030). In every language, each pair of
 * the question's neighbouring words joined (language/closedWords.ts: "file system" → `filesystem`),
 * with the two words' own lexemes, kind 'k' (`ord` the pair's place in $23-$25), when both words
 * are content words of the configuration and the join is not a lexeme of the question already.
 * The totals row has kind 't', a lexeme's df kind 'd', the question's lexemes kind 'q' (in the
 * tsvector's order, `ord`), the configuration kind 'c'. The question is read as its configuration
 * reads it ($19/$20: Spanish takes the pronouns off its verbs first, language/enclitics.ts). A
 * question's lexeme with an ending its stemmer leaves on some forms only is read without it too
 * ($21/$22, language/stemLeftovers.ts: German `benutzt` and `benutz`). A question that names a
 * language ($26, language/languageNames.ts) has those names' lexemes read, kind 'n', and the
 * configuration's word for "language" ($27/$28), kind 'g'.
 */
const readSql = (compounds: boolean) => `
WITH chosen AS (
  SELECT c.config, coalesce((SELECT e.text FROM unnest($19::text[], $20::text[]) AS e(config, text) WHERE e.config = c.config), $2) AS text
    FROM ${configChoiceSql('$1', 6)} AS c),
cfg AS (
  SELECT c.config, c.text, coalesce((SELECT s.text FROM unnest($4::text[], $5::text[]) AS s(config, text) WHERE s.config = c.config), c.text) AS stripped
    FROM chosen AS c),
q AS (
  SELECT x.lexeme, x.positions::int[] AS positions, x.ord,
         CASE WHEN x.lexeme ~ '[./]' AND x.lexeme ~ '[a-z]'
              THEN ARRAY(SELECT p.lexeme FROM unnest(docent_tsvector(cfg.config, regexp_replace(x.lexeme, '[./]+', ' ', 'g'))) AS p)
         END AS parts,
         x.lexeme = ANY(tsvector_to_array(docent_tsvector(cfg.config, cfg.stripped))) AS content,
         cfg.config = ANY($3::text[]) AS splits,
         cfg.config = ANY($14::text[]) AND char_length(x.lexeme) >= $15::int AND x.lexeme !~ '[[:digit:][:punct:][:space:]]' AS grows
    FROM cfg, unnest(docent_tsvector(cfg.config, cfg.text)) WITH ORDINALITY AS x(lexeme, positions, weights, ord)),
${siteCompoundsCtes(compounds)}
joins AS (
  SELECT DISTINCT j.lexeme
    FROM cfg, unnest(docent_tsvector(cfg.config, coalesce(
      (SELECT s.text FROM unnest($12::text[], $13::text[]) AS s(config, text) WHERE s.config = cfg.config), ''))) AS j(lexeme, positions, weights)
   WHERE NOT EXISTS (SELECT 1 FROM q WHERE q.lexeme = j.lexeme)),
closed AS (
  SELECT s.lexeme, s.parts, s.ord
    FROM (SELECT (tsvector_to_array(docent_tsvector(cfg.config, k.joined)))[1] AS lexeme, k.ord,
                 tsvector_to_array(docent_tsvector(cfg.config, k.a || ' ' || k.b)) AS parts
            FROM cfg, unnest($23::text[], $24::text[], $25::text[]) WITH ORDINALITY AS k(joined, a, b, ord)) AS s
   WHERE s.lexeme IS NOT NULL AND cardinality(s.parts) = 2 AND NOT EXISTS (SELECT 1 FROM q WHERE q.lexeme = s.lexeme)),
named AS (
  SELECT DISTINCT n.lexeme FROM cfg, unnest(docent_tsvector(cfg.config, $26::text)) AS n(lexeme, positions, weights)),
kinds AS (
  SELECT DISTINCT g.lexeme
    FROM cfg, unnest(docent_tsvector(cfg.config, CASE WHEN $26::text = '' THEN '' ELSE coalesce(
      (SELECT w.word FROM unnest($27::text[], $28::text[]) AS w(config, word) WHERE w.config = cfg.config), '') END)) AS g(lexeme, positions, weights)
   WHERE NOT EXISTS (SELECT 1 FROM q WHERE q.lexeme = g.lexeme)),
wanted AS (
  SELECT lexeme FROM q
  UNION SELECT lexeme FROM joins
  UNION SELECT lexeme FROM closed
  UNION SELECT lexeme FROM kinds
  UNION SELECT unnest(parts) FROM q
  UNION SELECT w FROM q, LATERAL (
    SELECT unnest(ARRAY[left(q.lexeme, i), substr(q.lexeme, i + 1)]) AS w
      FROM generate_series($10::int, char_length(q.lexeme) - $10::int) AS i) AS split
   WHERE q.splits AND char_length(q.lexeme) >= $11::int
  UNION SELECT left(q.lexeme, -char_length(e.ending)) FROM q, cfg, unnest($21::text[], $22::text[]) AS e(config, ending)
   WHERE e.config = cfg.config AND right(q.lexeme, char_length(e.ending)) = e.ending)
SELECT 'c' AS kind, config AS lexeme, NULL::int[] AS positions, NULL::bigint AS ord, NULL::text[] AS parts, NULL::boolean AS content,
       NULL::float8 AS n, NULL::float8 AS chunk_lexemes, NULL::float8 AS pages, NULL::float8 AS page_lexemes
  FROM cfg
UNION ALL
SELECT 'q', lexeme, positions, ord, parts, content, NULL, NULL, NULL, NULL FROM q
UNION ALL
SELECT 'j', lexeme, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM joins
UNION ALL
SELECT 'k', lexeme, NULL, ord, parts, NULL, NULL, NULL, NULL, NULL FROM closed
UNION ALL
SELECT 'n', lexeme, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM named
UNION ALL
SELECT 'g', lexeme, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM kinds
UNION ALL
SELECT 'x', lexeme, NULL, NULL, ARRAY[word], NULL, df, NULL, NULL, NULL
  FROM (SELECT *, row_number() OVER (PARTITION BY word ORDER BY df DESC, lexeme) AS nth FROM grown) AS g
 WHERE nth <= $17::int
UNION ALL
SELECT 't', NULL, NULL, NULL, NULL, NULL, coalesce(sum(chunks), 0)::float8, coalesce(sum(chunk_lexemes), 0)::float8,
       coalesce(sum(pages), 0)::float8, coalesce(sum(page_lexemes), 0)::float8
  FROM term_totals WHERE chatbot_id = $1 AND live
UNION ALL
SELECT 'd', s.lexeme, NULL, NULL, NULL, NULL, sum(s.df)::float8, NULL, NULL, NULL
  FROM term_totals t JOIN term_stats s ON s.chatbot_id = t.chatbot_id AND s.generation = t.generation
 WHERE t.chatbot_id = $1 AND t.live AND s.lexeme = ANY(ARRAY(SELECT lexeme FROM wanted))
 GROUP BY s.lexeme`;
const READ_SQL = readSql(true);
const READ_SQL_NO_COMPOUNDS = readSql(false);

/**
 * Whether a bot's last question was read in a language that compounds (siteCompounds.ts): its next
 * is read with the compounds' lookups, or without them (planning them costs every question). A
 * bot not seen yet is read with them; a read without them that turns out to be in such a language
 * (the owner changed the bot's language, or a mixed site's German question after an English one)
 * is read again, with them: one more round trip, as a typing slip costs (roundTrips.test.ts).
 * Bounded: cleared whole when it holds too many bots.
 */
const compoundingBots = new Map<string, boolean>();
const MAX_REMEMBERED_BOTS = 10_000;

export interface ReadRow {
  kind: 'c' | 'q' | 'j' | 'k' | 'n' | 'g' | 'x' | 't' | 'd';
  lexeme: string | null;
  positions: number[] | null;
  ord: number | string | null;
  parts: string[] | null;
  content: boolean | null;
  n: number | null;
  chunk_lexemes: number | null;
  pages: number | null;
  page_lexemes: number | null;
}

/** A lexeme of the question as READ_SQL reads it. */
export interface QuestionLexeme {
  lexeme: string;
  positions: number[];
  parts: string[] | null;
  content: boolean;
}

/** Two of the question's words written as one (language/closedWords.ts): the join's lexeme and its words' lexemes. */
export interface ClosedRead {
  lexeme: string;
  parts: string[];
}

/** The question's first read: its configuration, its lexemes (in the tsvector's order) and READ_SQL's rows for statsOf. */
export async function readQuestion(
  db: Queryable,
  chatbotId: string,
  text: string,
): Promise<{
  config: string;
  lexemes: QuestionLexeme[];
  joins: string[];
  closed: ClosedRead[];
  compounds: SiteCompound[];
  /** The lexemes of the languages the question names, and the configuration's word for "language" (languageNames.ts). */
  languages: { named: string[]; word?: string };
  read: ReadRow[];
}> {
  const pairs = closedJoins(text);
  const params = readParams(chatbotId, text, pairs);
  const withCompounds = compoundingBots.get(chatbotId) ?? true;
  let read = await db.query<ReadRow>(withCompounds ? READ_SQL : READ_SQL_NO_COMPOUNDS, params);
  let config = read.find((r) => r.kind === 'c')?.lexeme ?? DEFAULT_TEXT_CONFIG;
  const compounding = COMPOUNDING_CONFIGS.includes(config);
  if (compounding && !withCompounds) {
    read = await db.query<ReadRow>(READ_SQL, params);
    config = read.find((r) => r.kind === 'c')?.lexeme ?? DEFAULT_TEXT_CONFIG;
  }
  if (compoundingBots.size >= MAX_REMEMBERED_BOTS) compoundingBots.clear();
  compoundingBots.set(chatbotId, compounding);
  const lexemes = read
    .filter((r) => r.kind === 'q')
    .sort((a, b) => Number(a.ord) - Number(b.ord))
    .map((r) => ({ lexeme: r.lexeme!, positions: r.positions!, parts: r.parts, content: r.content! }));
  const joins = read.filter((r) => r.kind === 'j').map((r) => r.lexeme!);
  const closed = read
    .filter((r) => r.kind === 'k' && joinReads(pairs[Number(r.ord) - 1]!, config))
    .map((r) => ({ lexeme: r.lexeme!, parts: r.parts ?? [] }));
  const compounds = read.filter((r) => r.kind === 'x').map((r) => ({ word: r.parts![0]!, lexeme: r.lexeme!, df: Number(r.n) }));
  const languages = {
    named: read.filter((r) => r.kind === 'n').map((r) => r.lexeme!),
    word: read.find((r) => r.kind === 'g')?.lexeme ?? undefined,
  };
  return { config, lexemes, joins, closed, compounds, languages, read };
}
