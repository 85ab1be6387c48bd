import { CANDIDATE_LIMITS, DEFAULT_PARAMS, type RetrievalParams } from './params.js';
import { orQuery, quoteLexeme } from './queryText.js';
import type { QueryTerm } from '../types.js';

/** The budgets and sizes of the candidate lists (params.ts says why each has its value). */
type ListParams = Pick<RetrievalParams, 'relaxedRowBudget' | 'comboTerms' | 'comboRowBudget'>;

export interface CandidateRow {
  id: string;
  url: string;
  title: string;
  heading_path: string;
  len: number;
  tsv: string;
  /** The question's lexemes that the anchor text of the page's in-links has (ts_filter'd tsvector as text). */
  anchor: string | null;
}

// The tsvector travels as text and is parsed in JS (tsvectorText.ts).
// The passages' text is fetched afterwards, for the few chunks that make the answer.
export const ROW_COLUMNS = `c.id::text AS id, c.url, c.title, c.heading_path, length(c.tsv) AS len, c.tsv::text AS tsv,
  (SELECT ts_filter(setweight(d.anchor_tsv, 'A', $ANCHOR::text[]), '{a}')::text FROM documents d WHERE d.id = c.document_id) AS anchor`;
/** ROW_COLUMNS with the query lexemes' parameter number filled in. */
export const rowColumns = (param: number): string => ROW_COLUMNS.replace('$ANCHOR', `$${param}`);

/*
 * Candidates from cheap index-driven lists, then ranked in JS (see scoring.ts):
 *  - relaxed: any of the question's selective lexemes (the OR fallback), ranked by ts_rank;
 *  - at least m of n: AND relaxed to "at least m of the question's n strongest content words"
 *    (comboQuery), so a passage that combines several common words of the question is found even
 *    when no word is rare;
 *  - rare: the chunks of the rarest lexemes (rareQuery), so their pages are never crowded out by
 *    chunks that merely repeat the other words (skipped when even the rarest fills more than the OR
 *    list's row budget: ranking thousands of chunks of a common word was the slowest part of a
 *    search, and such a word is no page's distinguishing mark);
 *  - strict: websearch_to_tsquery, when the question uses its syntax ("quoted phrase", -word, or).
 *    For plain questions every chunk it could find is already in the other lists, and its GIN
 *    lookup over common words was the slowest part of a search.
 * ts_rank flag 1 divides by 1 + log(length), so long chunks do not win on bulk alone. These lists only
 * choose candidates (scoring.ts ranks them), and ts_rank costs half what ts_rank_cd does per matched
 * row: the switch cut retrieval p95 on a 50,000-chunk bot from 41.5 to 30 ms and moved the dev set's
 * recall from 0.85 to 0.86.
 */
const CANDIDATE_LISTS = `
  (SELECT id FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ $3::tsquery
    ORDER BY ts_rank(tsv, $3::tsquery, 1) DESC LIMIT ${CANDIDATE_LIMITS.relaxed})
  UNION
  (SELECT id FROM chunks WHERE $4::text IS NOT NULL AND chatbot_id = $1 AND live AND tsv @@ $4::tsquery
    ORDER BY ts_rank(tsv, $4::tsquery, 1) DESC LIMIT ${CANDIDATE_LIMITS.rare})
  UNION
  (SELECT id FROM chunks WHERE $5::text IS NOT NULL AND chatbot_id = $1 AND live AND tsv @@ $5::tsquery
    ORDER BY ts_rank(tsv, $6::tsquery, 1) DESC LIMIT ${CANDIDATE_LIMITS.combo})
  UNION
  (SELECT id FROM chunks WHERE $2::text IS NOT NULL AND chatbot_id = $1 AND live
      AND tsv @@ docent_websearch($8, $2)
    ORDER BY ts_rank(tsv, docent_websearch($8, $2), 1) DESC LIMIT ${CANDIDATE_LIMITS.strict})
`;

export const CANDIDATES_SQL = `
WITH cand AS (${CANDIDATE_LISTS})
SELECT ${rowColumns(7)} FROM chunks c JOIN cand ON cand.id = c.id`;

/** A chunk row of SEARCH_SQL: a candidate chunk with its text and its page's URL (documents.url). */
export interface SearchRow extends CandidateRow {
  content: string;
  doc_url: string | null;
}

/** A page row of SEARCH_SQL: a candidate's page, its length and the question's lexemes in it (pageEvidence.ts). */
export interface PageTermsRow {
  url: string;
  len: number;
  tsv: string;
}

/**
 * The candidates of CANDIDATES_SQL with their text and their pages' evidence, in the same round
 * trip (issue #40: a question costs at most two). Which few candidates make the answer, and which
 * pages page evidence reorders (the best pageEvidencePages by passage score), is known only after
 * ranking; reading every candidate's text here cost nothing measurable on a 50,000-chunk bot (median
 * 17.3 ms against 18.0 without it, PGlite, same run), while reading the answer's passages afterwards
 * was a round trip of its own. The pages' rows (kind 'p') are those of every candidate's page, by
 * URL as pageEvidence.ts reads them, for the lexemes in $9 (none: no page rows): on the crawled
 * Python docs bot a question's candidates are on a median 24 pages against the 20 page evidence
 * reads, 3.6 ms against 3.1 (PGlite, load 15), less than the round trip it saves. The candidates'
 * pages are looked up once each (`doc`: URL and anchor words, where they were two subqueries per
 * chunk), and the page rows by URL through documents_chatbot_url_idx; OFFSET 0 keeps both lookups
 * per page, where the planner chose a sequential scan of the bot's documents and a hash join
 * (112 questions on a 50,000-chunk bot, EXPLAIN ANALYZE, PGlite: the page rows 739 -> 457 ms in all).
 */
export const SEARCH_SQL = `
WITH cand AS (${CANDIDATE_LISTS}),
hit AS (SELECT c.id::text AS id, c.url, c.title, c.heading_path, length(c.tsv) AS len, c.tsv::text AS tsv, c.content, c.document_id
          FROM chunks c JOIN cand ON cand.id = c.id),
doc AS (SELECT d.id, d.url, ts_filter(setweight(d.anchor_tsv, 'A', $7::text[]), '{a}')::text AS anchor
          FROM (SELECT DISTINCT document_id FROM hit) h CROSS JOIN LATERAL (SELECT * FROM documents d WHERE d.id = h.document_id OFFSET 0) d)
SELECT 'c' AS kind, hit.id, hit.url, hit.title, hit.heading_path, hit.len, hit.tsv, doc.anchor, hit.content, doc.url AS doc_url
  FROM hit LEFT JOIN doc ON doc.id = hit.document_id
UNION ALL
SELECT 'p', NULL, d.url, NULL, NULL, d.tsv_len, ts_filter(setweight(d.tsv, 'A', $9::text[]), '{a}')::text, NULL, NULL, NULL
  FROM (SELECT DISTINCT url FROM doc WHERE cardinality($9::text[]) > 0) u
 CROSS JOIN LATERAL (SELECT * FROM documents d WHERE d.chatbot_id = $1 AND d.url = u.url AND d.live OFFSET 0) d`;

/**
 * Whether the question uses web-search syntax: a quoted phrase, an excluded -word, or OR. Only OR in
 * capitals, as web search engines require: "either an int or None" is English, and reading it as
 * syntax ran a list that ranked 9,000 chunks of a 50,000-chunk bot (47 ms) to find nothing new.
 */
export const usesSearchSyntax = (text: string): boolean => /"[^"]+"|(^|\s)-\w|\sOR\s/.test(text);

/** How many times the rarest word's chunks a word may have and still count as about as rare. */
const RARE_TIE = 2;

/**
 * The rare list's query: the rarest known word, and with it the next ones about as rare (at most
 * RARE_TIE times its chunks) while all their chunks fit the list (CANDIDATE_LIMITS.rare), so each
 * is found whole whatever the other lists rank. Two words of 8 chunks each ("vendor", "rpm" in
 * "Can I install a vendor's .rpm on Debian?") tie for rarest; with the first alone, the other's
 * page had to come through the OR list, whose ts_rank has no IDF and ranked 500 chunks of
 * "install" above it, so a small change elsewhere in the index (a re-crawl with a few hundred
 * chunks fewer) lost the one page that answers. Words clearly more common stay with the OR list:
 * taking every word that fits (up to 25 chunks) brought passages that share one of them into the
 * floor's reading and answered "not sure" where the site has nothing (eval/LOG.md). Null when even
 * the rarest word is too common to rank cheaply (more than the OR list's row budget).
 */
export function rareQuery(byRarity: QueryTerm[], budget = DEFAULT_PARAMS.relaxedRowBudget, rows = CANDIDATE_LIMITS.rare): string | null {
  const rarest = byRarity[0];
  if (!rarest || rarest.df > budget) return null;
  const picked = [rarest.lexeme];
  let sum = rarest.df;
  for (const t of byRarity.slice(1)) {
    if (sum + t.df > rows || t.df > RARE_TIE * rarest.df) break;
    picked.push(t.lexeme);
    sum += t.df;
  }
  return orQuery(picked);
}

/**
 * The OR-relaxed candidate query: the rarest terms while their chunk counts fit the budget. When even
 * the rarest term is too common to rank cheaply, require at least two of the three rarest instead.
 */
export function relaxedQuery(byRarity: QueryTerm[], budget = DEFAULT_PARAMS.relaxedRowBudget): { query: string; any: Set<string> } {
  const picked: string[] = [];
  let rows = 0;
  for (const t of byRarity) {
    if (picked.length > 0 && rows + t.df > budget) break;
    picked.push(t.lexeme);
    rows += t.df;
  }
  if (rows <= budget || byRarity.length < 2) return { query: orQuery(picked), any: new Set(picked) };
  const [a, b, c] = byRarity.slice(0, 3).map((t) => quoteLexeme(t.lexeme));
  return { query: c ? `(${a} & ${b}) | (${a} & ${c}) | (${b} & ${c})` : `${a} & ${b}`, any: new Set() };
}

/**
 * "At least m of" the question's strongest known content words (highest weight first), as a tsquery
 * that matches (`match`) and one that ranks (`rank`, any of them): AND relaxed step by step, so a
 * passage that combines several of the question's words is found even when none of them is rare.
 * m starts at two and grows until the expected number of matching chunks, estimated from the words'
 * chunk counts as if they were independent, fits the budget (ranking the matches is the cost).
 * Undefined with fewer than two such words.
 */
export function comboQuery(
  terms: QueryTerm[],
  total: number,
  { comboTerms, comboRowBudget: budget }: Pick<ListParams, 'comboTerms' | 'comboRowBudget'> = DEFAULT_PARAMS,
): { match: string; rank: string; terms: string[] } | undefined {
  const best = strongest(terms, comboTerms);
  if (best.length < 2) return undefined;
  const p = best.map((t) => Math.min(1, t.df / Math.max(total, 1)));
  // dist[j] = probability that a chunk has exactly j of the words.
  let dist = [1];
  for (const pi of p) {
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((q, j) => {
      next[j] = (next[j] ?? 0) + q * (1 - pi);
      next[j + 1] = (next[j + 1] ?? 0) + q * pi;
    });
    dist = next;
  }
  let m = 2;
  const expected = (k: number) => dist.slice(k).reduce((x, y) => x + y, 0) * total;
  while (m < best.length && expected(m) > budget) m++;
  const quoted = best.map((t) => quoteLexeme(t.lexeme));
  return { match: atLeast(m, quoted), rank: quoted.join(' | '), terms: best.map((t) => t.lexeme) };
}

/** The question's strongest known content words, highest weight first (`n` of them: params.comboTerms). */
export function strongest(terms: QueryTerm[], n = DEFAULT_PARAMS.comboTerms): QueryTerm[] {
  return terms
    .filter((t) => t.df > 0 && t.coverageWeight > 0)
    .sort((a, b) => b.scoreWeight - a.scoreWeight || a.df - b.df)
    .slice(0, n);
}

/**
 * A tsquery true when at least m of the operands are present, factored as
 * atLeast(m, [x, ...rest]) = (x & atLeast(m - 1, rest)) | atLeast(m, rest): far fewer operands for
 * the index to evaluate than listing every combination.
 */
export function atLeast(m: number, operands: string[]): string {
  if (m <= 0) return '';
  if (operands.length < m) return '';
  if (m === 1) return operands.length === 1 ? operands[0]! : `(${operands.join(' | ')})`;
  if (operands.length === m) return `(${operands.join(' & ')})`;
  const [x, ...rest] = operands;
  return `((${x} & ${atLeast(m - 1, rest)}) | ${atLeast(m, rest)})`;
}
