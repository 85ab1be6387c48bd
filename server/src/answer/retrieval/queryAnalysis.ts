import type { Queryable } from '../../db/db.js';
import type { QueryTerm } from '../types.js';
import { unknownTermWeight } from './floor.js';
import { GENERAL_ENGLISH_WORDS, keywordCandidates, MAX_QUERY_TERMS, operatorNames } from './queryText.js';
import { coverageWeightOf, idf, isNumeric } from './scoring.js';
import type { TermStats } from './termStats.js';

/**
 * Weight of a general English word (GENERAL_ENGLISH_WORDS) relative to its IDF: such words phrase
 * the question; in long questions they match thousands of passages and drown the words that matter.
 * In the ranking they still break ties; whether the site covers the question hardly depends on them.
 * Swept on the dev set (0.1-0.3): retrieved recall@5 is best, 0.885, from 0.1 to 0.2; the middle is kept.
 */
const GENERAL_WORD_WEIGHT = 0.15;
const GENERAL_WORD_COVERAGE = 0.1;

/**
 * The question's lexemes with their parts: PostgreSQL's parser reads a dotted or slashed name
 * ("pkg.module", "obj.method()", "a/b/c") as one token, while pages mostly name the parts on their
 * own ("method()" on the module's page); the parts are stemmed like any other words. (Hyphenated
 * words come with their parts from the parser already, at the positions right after the whole.)
 * `content` says whether the lexeme also comes from a word outside the general English list ($2 is
 * the question without those words): "exception" and "except" share a stem. `added`: the lexeme
 * comes only from the operator names added to the question ($3 is the question as asked).
 */
const ANALYSE_SQL = `
SELECT q.lexeme, q.positions::int[] AS positions,
       CASE WHEN q.lexeme ~ '[./]' AND q.lexeme ~ '[a-z]'
            THEN ARRAY(SELECT p.lexeme FROM unnest(to_tsvector('english', regexp_replace(q.lexeme, '[./]+', ' ', 'g'))) AS p)
       END AS parts,
       q.lexeme = ANY(tsvector_to_array(to_tsvector('english', $2))) AS content,
       NOT q.lexeme = ANY(tsvector_to_array(to_tsvector('english', $3))) AS added
  FROM unnest(to_tsvector('english', $1)) AS q`;

/**
 * Of the words the question marks as language keywords (keywordCandidates), those the english
 * configuration drops as stopwords, with the lexeme of the noun that named them. Headings have them word
 * for word (migration 005), so "the with statement" can find "8.5. The with statement".
 */
const KEYWORDS_SQL = `
SELECT k.word AS lexeme, (SELECT n.lexeme FROM unnest(to_tsvector('english', k.noun)) AS n LIMIT 1) AS noun
  FROM unnest($1::text[], $2::text[]) AS k(word, noun)
 WHERE length(to_tsvector('english', k.word)) = 0`;

/** The parts of hyphenated lexemes: the lexemes at the positions right after the whole word's. */
export function hyphenParts(rows: { lexeme: string; positions: number[] }[]): Map<string, string[]> {
  const at = new Map<number, string>();
  for (const r of rows) for (const p of r.positions) if (!r.lexeme.includes('-')) at.set(p, r.lexeme);
  const parts = new Map<string, string[]>();
  for (const r of rows) {
    if (!/-/.test(r.lexeme) || /[./]/.test(r.lexeme)) continue;
    const n = r.lexeme.split('-').length;
    const found = new Set<string>();
    for (const p of r.positions) for (let i = 1; i <= n; i++) if (at.has(p + i)) found.add(at.get(p + i)!);
    parts.set(r.lexeme, [...found]);
  }
  return parts;
}

const GENERAL_WORDS = new Set(GENERAL_ENGLISH_WORDS.trim().split(/\s+/));

/** The question without its general English words (plain words only; "x.use" or "use_it" stay). */
export function withoutGeneralWords(text: string): string {
  return text.replace(/(^|[^\w.'/-])([A-Za-z]+(?:'[A-Za-z]+)?)(?=$|[^\w'/-]|\.(?!\w))/g, (whole, lead: string, word: string) =>
    GENERAL_WORDS.has(word.toLowerCase()) ? `${lead} ` : whole,
  );
}

/** The question's lexemes (PostgreSQL does stemming and stopwords) with their corpus weights. */
export async function analyseQuestion(db: Queryable, stats: TermStats, chatbotId: string, text: string): Promise<{ terms: QueryTerm[]; total: number }> {
  // An operator symbol is searched by its name too (the parser drops the symbol itself).
  const named = `${text} ${operatorNames(text)}`;
  const rows = await db.query<{ lexeme: string; positions: number[]; parts: string[] | null; content: boolean; added: boolean }>(ANALYSE_SQL, [
    named,
    withoutGeneralWords(named),
    text,
  ]);
  const candidates = keywordCandidates(text);
  const keywords =
    candidates.length > 0
      ? await db.query<{ lexeme: string; noun: string | null }>(KEYWORDS_SQL, [candidates.map((c) => c.word), candidates.map((c) => c.noun ?? '')])
      : [];
  const seen = new Set<string>();
  const picked: { lexeme: string; positions: number[]; parts: string[]; general: boolean; added: boolean; keyword?: boolean; noun?: string }[] = [];
  const added = new Set(rows.filter((r) => r.added).map((r) => r.lexeme));
  const add = (lexeme: string, positions: number[], general: boolean, parts: string[] = [], keyword?: { noun?: string }) => {
    if (seen.has(lexeme)) return;
    seen.add(lexeme);
    picked.push({ lexeme, positions, parts, general, added: added.has(lexeme), ...(keyword && { keyword: true, noun: keyword.noun }) });
  };
  // No positions: a keyword's matches are in heading_words, whose positions are not the text's, so
  // it takes no part in phrase matching.
  for (const k of keywords) add(k.lexeme, [], false, [], { noun: k.noun ?? undefined });
  const general = new Set(rows.filter((r) => !r.content).map((r) => r.lexeme));
  const hyphenated = hyphenParts(rows);
  for (const r of [...rows].sort((a, b) => Math.min(...a.positions) - Math.min(...b.positions))) {
    const parts = (r.parts ?? hyphenated.get(r.lexeme) ?? []).filter((p) => p !== r.lexeme);
    add(r.lexeme, r.positions, general.has(r.lexeme), parts);
    for (const p of parts) add(p, r.positions, general.has(p));
  }
  const useful = picked.filter((p) => p.lexeme.length > 1);
  const chosen = (useful.length > 0 ? useful : picked).slice(0, MAX_QUERY_TERMS);
  if (chosen.length === 0) return { terms: [], total: 0 };

  const { total, df } = await stats.get(
    db,
    chatbotId,
    chosen.map((r) => r.lexeme),
    new Set(chosen.filter((r) => r.keyword).map((r) => r.lexeme)),
  );
  const has = (lx: string) => (df.get(lx) ?? 0) > 0;
  const terms = chosen.map((r): QueryTerm => {
    const d = df.get(r.lexeme) ?? 0;
    const w = idf(Math.max(d, 1), total);
    const base = { lexeme: r.lexeme, positions: r.positions, df: d, idf: w };
    // A compound comes with its parts as terms of their own: counting it fully as well would
    // score the same words twice. Found as written, it still adds to the score.
    if (r.parts.some(has)) return { ...base, scoreWeight: d > 0 ? 0.3 * w : 0, coverageWeight: 0 };
    // A word the site never uses marks a part of the question the site cannot answer: it weighs
    // as much as the rarest word the site has, counted up to twice. (Not a general English word:
    // that a site never says "actually" tells nothing.)
    // Nor a number: a value the question quotes ("0.30000000000000004", an error code, an
    // output) is often one no page prints, which says nothing about whether the site covers it.
    // Nor a word of an operator's name that the site does not use: the visitor did not write it.
    // Nor a keyword no heading names: the pages may still explain it, in words the index drops.
    if (d === 0 && (isNumeric(r.lexeme) || r.added || r.keyword)) return { ...base, scoreWeight: 0, coverageWeight: 0 };
    // A keyword is indexed in headings only, so a passage that explains it in its body cannot
    // contain it: it ranks the section that names it, but says nothing about coverage.
    if (r.keyword) return { ...base, scoreWeight: w, coverageWeight: 0, keyword: true, ...(r.noun ? { keywordNoun: r.noun } : {}) };
    const unknown = d === 0 && !r.general ? unknownTermWeight(total) : 1;
    const g = r.general ? GENERAL_WORD_WEIGHT : 1;
    return { ...base, scoreWeight: w * g, coverageWeight: coverageWeightOf(r.lexeme) * unknown * (r.general ? GENERAL_WORD_COVERAGE : 1) };
  });
  return { terms, total };
}
