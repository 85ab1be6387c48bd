import type { Queryable } from '../db/db.js';
import { withPageEvidence } from './pageEvidence.js';
import { cleanQueryText, GENERAL_ENGLISH_WORDS, keywordCandidates, MAX_QUERY_TERMS, operatorNames, orQuery, quoteLexeme } from './queryText.js';
import { coverageWeightOf, idf, isNumeric, reciprocalRankFusion, scoreChunk, type TermHit } from './scoring.js';
import { TermStats } from './termStats.js';
import { parseChunkTsvector, parseTsvector } from './tsvectorText.js';
import type { PageHit, QueryTerm, RetrievedChunk, Retrieval, RetrieveOptions, Retriever } from './types.js';

/**
 * The relevance floor: does the site cover the question at all? Coverage is the share of the
 * question's information (the IDF weights of its words; a word the site never uses counts up to
 * double, general English words little) that one passage contains. One of the first FLOOR_PAGES pages, ranked by
 * their passages alone (the floor was chosen so; pageEvidence.ts reorders them afterwards, for the
 * answer), must have a passage holding RELEVANCE_FLOOR of it, or at least
 * RELAXED_FLOOR made of RELAXED_FLOOR_WORDS distinct content words: long questions phrase things
 * their own way, and four of their words meeting in one passage is evidence that an unrelated
 * question's one or two stray matches are not.
 *
 * The value comes from the dev set (eval/dev: 87 answerable, 30 unanswerable questions, none of
 * them the scored ones) by a fixed rule: the best balanced accuracy (mean of the share of answerable
 * questions kept and of unanswerable ones refused), at the middle of the floors that reach it.
 * 85 of 87 answerable questions clear any floor from 0.32 to 0.54; 29 of 30 unanswerable ones are
 * refused from 0.50 to 0.54. `tsx eval/floorSweep.ts DATA_DIR` redoes it. Looking at the first
 * three pages rather than the first one kept three more answerable dev questions and refused as
 * many; looking at five answered one more unanswerable one.
 */
export const RELEVANCE_FLOOR = 0.52;
export const RELAXED_FLOOR = 0.25;
export const RELAXED_FLOOR_WORDS = 4;
export const FLOOR_PAGES = 3;

/**
 * A passage found by semantic search alone has no words in common with the question to measure.
 * It clears the floor when its cosine similarity is high in absolute terms and stands out from the
 * rest of the vector list: an unrelated question still has nearest neighbours, but they are all
 * about equally far. Both values depend on the embedding model, so they are constructor options.
 */
export interface VectorFloor {
  /** Least cosine similarity (default 0.5). */
  minSimilarity: number;
  /** Least margin over the median similarity of the vector list (default 0.05). */
  minMargin: number;
}
export const DEFAULT_VECTOR_FLOOR: VectorFloor = { minSimilarity: 0.5, minMargin: 0.05 };

/** Whether a passage clears the relevance floor. */
export function clearsFloor(terms: QueryTerm[], chunk: Pick<RetrievedChunk, 'coverage' | 'matched' | 'vectorClears'>): boolean {
  if (chunk.vectorClears) return true;
  if (chunk.coverage >= RELEVANCE_FLOOR) return true;
  const content = new Set(terms.filter((t) => t.coverageWeight >= 0.9).map((t) => t.lexeme));
  const words = chunk.matched.filter((m) => content.has(m)).length;
  return chunk.coverage >= RELAXED_FLOOR && words >= RELAXED_FLOOR_WORDS;
}

/** Share of a page's second-best passage added to its score. */
const PAGE_SECOND_CHUNK = 0.3;
/**
 * Weight of a general English word (GENERAL_ENGLISH_WORDS) relative to its IDF: such words phrase
 * the question; in long questions they match thousands of passages and drown the words that matter.
 * In the ranking they still break ties; whether the site covers the question hardly depends on them.
 * Swept on the dev set (0.1-0.3): retrieved recall@5 is best, 0.885, from 0.1 to 0.2; the middle is kept.
 */
const GENERAL_WORD_WEIGHT = 0.15;
const GENERAL_WORD_COVERAGE = 0.1;
/**
 * How much more a word the site never uses counts against coverage than a known rare word. What the
 * absence says grows with how much the site has written: a few pages use few words ("switch" may
 * just not be one of them), a large site that never says "Heroku" does not cover Heroku. So from 1
 * for a handful of chunks to nearly 2 for a large site: 1 + n / (n + UNKNOWN_HALF_CHUNKS).
 */
const UNKNOWN_HALF_CHUNKS = 1000;
export const unknownTermWeight = (chunks: number): number => 1 + chunks / (chunks + UNKNOWN_HALF_CHUNKS);
/** Later pages must score at least this share of the best page to be offered as sources. */
const SECONDARY_PAGE_SHARE = 0.3;
/**
 * The OR candidate query ranks every chunk it matches, so it only takes the rarest terms whose
 * chunk counts add up to this budget; common terms still count in the final ranking (scoring.ts).
 */
const RELAXED_ROW_BUDGET = 600;
/** The "at least m of them" candidate list is built from this many of the question's strongest words. */
const COMBO_TERMS = 6;
/** Expected chunk matches the "m of n" candidate list may rank (see comboQuery). */
const COMBO_ROW_BUDGET = 200;

export interface VectorHit {
  id: string;
  /** Cosine similarity (1 = same direction). */
  similarity: number;
}

/** Optional semantic search, fused by reciprocal rank when embeddings exist. */
export interface VectorSearch {
  /** Chunks best-first, or [] when the bot has no embeddings. */
  search(chatbotId: string, question: string, limit: number): Promise<VectorHit[]>;
}

interface CandidateRow {
  id: string;
  url: string;
  title: string;
  heading_path: string;
  len: number;
  tsv: string;
  /** heading_words as text (the heading's stopwords), when the question has keyword terms. */
  kw: string | null;
}

// The tsvector travels as text and is parsed in JS (tsvectorText.ts).
// The passages' text is fetched afterwards, for the few chunks that make the answer.
const ROW_COLUMNS = `c.id::text AS id, c.url, c.title, c.heading_path, length(c.tsv) AS len, c.tsv::text AS tsv`;
/** The headings' words, read only when the question has keywords ($7 in CANDIDATES_SQL). */
const KEYWORD_COLUMN = `CASE WHEN $7::text IS NOT NULL THEN c.heading_words::text END AS kw`;

/*
 * Candidates from cheap index-driven lists, then ranked in JS (see scoring.ts):
 *  - relaxed: any of the question's selective lexemes (the OR fallback), ranked by ts_rank;
 *  - at least m of n: AND relaxed to "at least m of the question's n strongest content words"
 *    (comboQuery), so a passage that combines several common words of the question is found even
 *    when no word is rare;
 *  - rare: the best chunks for the rarest lexeme, so its page is never crowded out by chunks that
 *    merely repeat the other words (skipped when even that word fills more than the OR list's row
 *    budget: ranking thousands of chunks of a common word was the slowest part of a search, and such
 *    a word is no page's distinguishing mark);
 *  - keywords: chunks whose heading names one of the question's keywords (see KEYWORDS_SQL) and
 *    whose text has one of its other strong words.
 *  - strict: websearch_to_tsquery, when the question uses its syntax ("quoted phrase", -word, or).
 *    For plain questions every chunk it could find is already in the other lists, and its GIN
 *    lookup over common words was the slowest part of a search.
 * ts_rank flag 1 divides by 1 + log(length), so long chunks do not win on bulk alone. These lists only
 * choose candidates (scoring.ts ranks them), and ts_rank costs half what ts_rank_cd does per matched
 * row: the switch cut retrieval p95 on a 50,000-chunk bot from 41.5 to 30 ms and moved the dev set's
 * recall from 0.85 to 0.86.
 */
const CANDIDATES_SQL = `
WITH cand AS (
  (SELECT id FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ $3::tsquery
    ORDER BY ts_rank(tsv, $3::tsquery, 1) DESC LIMIT 60)
  UNION
  (SELECT id FROM chunks WHERE $4::text IS NOT NULL AND chatbot_id = $1 AND live AND tsv @@ $4::tsquery
    ORDER BY ts_rank(tsv, $4::tsquery, 1) DESC LIMIT 25)
  UNION
  (SELECT id FROM chunks WHERE $5::text IS NOT NULL AND chatbot_id = $1 AND live AND tsv @@ $5::tsquery
    ORDER BY ts_rank(tsv, $6::tsquery, 1) DESC LIMIT 60)
  UNION
  (SELECT id FROM chunks WHERE $2::text IS NOT NULL AND chatbot_id = $1 AND live
      AND tsv @@ websearch_to_tsquery('english', $2)
    ORDER BY ts_rank(tsv, websearch_to_tsquery('english', $2), 1) DESC LIMIT 40)
  UNION
  (SELECT id FROM chunks WHERE $7::text IS NOT NULL AND chatbot_id = $1 AND live
      AND heading_words @@ $7::tsquery AND tsv @@ $8::tsquery
    ORDER BY ts_rank(tsv, $8::tsquery, 1) DESC LIMIT 40)
)
SELECT ${ROW_COLUMNS}, ${KEYWORD_COLUMN} FROM chunks c JOIN cand ON cand.id = c.id`;

/**
 * Whether the question uses web-search syntax: a quoted phrase, an excluded -word, or OR. Only OR in
 * capitals, as web search engines require: "either an int or None" is English, and reading it as
 * syntax ran a list that ranked 9,000 chunks of a 50,000-chunk bot (47 ms) to find nothing new.
 */
export const usesSearchSyntax = (text: string): boolean => /"[^"]+"|(^|\s)-\w|\sOR\s/.test(text);

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

export interface FullTextRetrieverOptions {
  vectorFloor?: VectorFloor;
}

export class FullTextRetriever implements Retriever {
  private readonly stats = new TermStats();
  private readonly vectorFloor: VectorFloor;

  constructor(
    private readonly db: Queryable,
    private readonly vector?: VectorSearch,
    opts: FullTextRetrieverOptions = {},
  ) {
    this.vectorFloor = opts.vectorFloor ?? DEFAULT_VECTOR_FLOOR;
  }

  async retrieve(chatbotId: string, question: string, opts: RetrieveOptions = {}): Promise<Retrieval> {
    const wantPages = opts.pages ?? 5;
    const perPage = opts.chunksPerPage ?? 2;
    const text = cleanQueryText(question).trim();
    const empty: Retrieval = { terms: [], pages: [], covered: false };
    if (!text) return empty;

    const { terms, total } = await this.analyse(chatbotId, text);
    if (terms.length === 0) return empty;

    const known = terms.filter((t) => t.df > 0);
    let ranked: RetrievedChunk[] = [];
    if (known.some((t) => !t.keyword)) {
      // A keyword is in headings only (heading_words), and in many of them ("as", "for"): it has a
      // list of its own, where other words of the question must come with it.
      const plain = known.filter((t) => !t.keyword);
      const keywords = known.filter((t) => t.keyword);
      const byRarity = [...plain].sort((a, b) => a.df - b.df);
      const others = strongest(plain);
      const relaxed = relaxedQuery(byRarity);
      // When the OR list already takes every word of the "m of n" list, it finds all its chunks.
      let combo = comboQuery(terms, total);
      if (combo && combo.terms.every((lx) => relaxed.any.has(lx))) combo = undefined;
      const keywordList = keywordListQuery(keywords, others);
      const rows = await this.db.query<CandidateRow>(CANDIDATES_SQL, [
        chatbotId,
        usesSearchSyntax(text) ? text : null,
        relaxed.query,
        // When even the rarest word is common, ranking all its chunks costs more than it finds.
        byRarity[0]!.df <= RELAXED_ROW_BUDGET ? quoteLexeme(byRarity[0]!.lexeme) : null,
        combo?.match ?? null,
        combo?.rank ?? null,
        keywordList?.headings ?? null,
        keywordList?.text ?? null,
      ]);
      ranked = this.rank(terms, rows);
    }

    if (this.vector) ranked = await this.fuseVectors(chatbotId, text, terms, ranked);
    const byPassage = collectPages(ranked, perPage);
    // Whether the site covers the question is decided on the passages (the floor was chosen on
    // them); the whole pages' evidence only orders the pages that answer.
    const covered = coversQuestion(terms, byPassage);
    const reorder = (covered || opts.keepBelowFloor) && !opts.passageOrder;
    const pages = reorder ? await withPageEvidence(this.db, this.stats, chatbotId, terms, byPassage) : byPassage;
    const retrieval = cutAtFloor(terms, pages, covered, wantPages, opts.keepBelowFloor);
    await this.fillContent(chatbotId, retrieval.pages);
    return retrieval;
  }

  private async fillContent(chatbotId: string, pages: PageHit[]): Promise<void> {
    const chunks = pages.flatMap((p) => p.chunks);
    if (chunks.length === 0) return;
    const rows = await this.db.query<{ id: string; content: string }>(
      `SELECT id::text AS id, content FROM chunks WHERE chatbot_id = $1 AND id = ANY($2::text[]::bigint[])`,
      [chatbotId, chunks.map((c) => c.id)],
    );
    const byId = new Map(rows.map((r) => [r.id, r.content]));
    for (const c of chunks) c.content = byId.get(c.id) ?? '';
  }

  /** The question's lexemes (PostgreSQL does stemming and stopwords) with their corpus weights. */
  private async analyse(chatbotId: string, text: string): Promise<{ terms: QueryTerm[]; total: number }> {
    // An operator symbol is searched by its name too (the parser drops the symbol itself).
    const named = `${text} ${operatorNames(text)}`;
    const rows = await this.db.query<{ lexeme: string; positions: number[]; parts: string[] | null; content: boolean; added: boolean }>(ANALYSE_SQL, [
      named,
      withoutGeneralWords(named),
      text,
    ]);
    const candidates = keywordCandidates(text);
    const keywords =
      candidates.length > 0
        ? await this.db.query<{ lexeme: string; noun: string | null }>(KEYWORDS_SQL, [candidates.map((c) => c.word), candidates.map((c) => c.noun ?? '')])
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

    const { total, df } = await this.stats.get(
      this.db,
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

  private rank(terms: QueryTerm[], rows: CandidateRow[]): RetrievedChunk[] {
    const keywords = new Set(terms.filter((t) => t.keyword).map((t) => t.lexeme));
    const wanted = new Set(terms.flatMap((t) => (t.keyword ? (t.keywordNoun ? [t.keywordNoun] : []) : [t.lexeme])));
    const avgLen = rows.length ? rows.reduce((s, r) => s + Number(r.len), 0) / rows.length : 1;
    return rows
      .map((row) => {
        const { hits, title } = parseChunkTsvector(row.tsv, wanted);
        if (keywords.size > 0) for (const [lx, hit] of parseTsvector(row.kw ?? '', keywords)) hits.set(lx, { positions: hit.positions, weights: hit.positions.map(() => 'B') });
        dropUnpairedKeywords(terms, hits);
        addNameHits(terms, hits, [...title, ...urlWords(row.url)]);
        const { score, phrase, coverage, matched } = scoreChunk(terms, hits, Number(row.len), avgLen);
        return { ...toChunk(row, score, coverage, matched), phrase };
      })
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  }

  /** Reciprocal rank fusion of the full-text order with the vector order. */
  private async fuseVectors(chatbotId: string, text: string, terms: QueryTerm[], ranked: RetrievedChunk[]): Promise<RetrievedChunk[]> {
    let hits: VectorHit[];
    try {
      hits = await this.vector!.search(chatbotId, text, 50);
    } catch {
      return ranked; // semantic search is an enhancement; full text alone still answers
    }
    if (hits.length === 0) return ranked;
    const byId = new Map(ranked.map((c) => [c.id, c]));
    const missing = hits.map((h) => h.id).filter((id) => !byId.has(id));
    if (missing.length > 0) {
      const rows = await this.db.query<CandidateRow>(
        `SELECT ${ROW_COLUMNS}, c.heading_words::text AS kw FROM chunks c WHERE c.chatbot_id = $1 AND c.live AND c.id = ANY($2::text[]::bigint[])`,
        [chatbotId, missing],
      );
      for (const c of this.rank(terms, rows)) byId.set(c.id, c);
    }
    const clears = vectorClearance(hits, this.vectorFloor);
    hits.forEach((h, i) => {
      const c = byId.get(h.id);
      if (c) byId.set(h.id, { ...c, vectorRank: i + 1, similarity: h.similarity, vectorClears: clears.has(h.id) });
    });
    return fuseRankings(
      ranked.map((c) => c.id),
      hits.map((h) => h.id),
      byId,
    );
  }
}

/** Ids of the vector hits that clear the floor on their own (see VectorFloor). */
export function vectorClearance(hits: VectorHit[], floor: VectorFloor): Set<string> {
  const sims = hits.map((h) => h.similarity).filter((s) => Number.isFinite(s)).sort((a, b) => a - b);
  if (sims.length === 0) return new Set();
  const median = sims[Math.floor(sims.length / 2)]!;
  return new Set(hits.filter((h) => h.similarity >= floor.minSimilarity && h.similarity - median >= floor.minMargin).map((h) => h.id));
}

/** Order chunks by RRF over the two lists; the fused value becomes the score. */
export function fuseRankings(textIds: string[], vectorIds: string[], byId: Map<string, RetrievedChunk>): RetrievedChunk[] {
  const fused = reciprocalRankFusion([textIds, vectorIds]);
  return [...fused.entries()]
    .filter(([id]) => byId.has(id))
    .sort((a, b) => b[1] - a[1])
    .map(([id, score]) => ({ ...byId.get(id)!, score }));
}

/**
 * Distinct pages best-first by passage evidence, at most perPage chunks each: a page scores by its
 * best passage plus PAGE_SECOND_CHUNK of its second.
 */
export function collectPages(ranked: RetrievedChunk[], perPage: number): PageHit[] {
  const pages = new Map<string, PageHit>();
  const second = new Map<string, number>();
  for (const chunk of ranked) {
    let page = pages.get(chunk.url);
    if (!page) {
      page = { url: chunk.url, title: chunk.title, score: chunk.score, coverage: chunk.coverage, chunks: [] };
      pages.set(chunk.url, page);
    } else if (!second.has(chunk.url)) second.set(chunk.url, chunk.score);
    if (page.chunks.length < perPage) page.chunks.push(chunk);
    page.coverage = Math.max(page.coverage, chunk.coverage);
  }
  // A page with a second good passage is more likely about the question than one lucky passage.
  // (ranked is best-first, so a page's first chunk is its best.)
  for (const page of pages.values()) page.score += PAGE_SECOND_CHUNK * (second.get(page.url) ?? 0);
  return [...pages.values()].sort((a, b) => b.score - a.score);
}

/** Whether the site covers the question: one of the first FLOOR_PAGES pages by passage evidence has a passage above the floor. */
export function coversQuestion(terms: QueryTerm[], byPassage: PageHit[]): boolean {
  return byPassage.slice(0, FLOOR_PAGES).some((p) => p.chunks.some((c) => clearsFloor(terms, c)));
}

/** The first wantPages of the best-first pages, or none when the site does not cover the question. */
export function cutAtFloor(terms: QueryTerm[], ordered: PageHit[], covered: boolean, wantPages: number, keepBelowFloor = false): Retrieval {
  if (!covered) return { terms, pages: keepBelowFloor ? ordered.slice(0, wantPages) : [], covered: false };
  const best = ordered[0]!;
  const eligible = (p: PageHit) => p.coverage >= RELAXED_FLOOR || p.chunks.some((c) => c.vectorClears);
  const kept = ordered.filter((p, i) => i === 0 || (p.score >= best.score * SECONDARY_PAGE_SHARE && eligible(p)));
  return { terms, pages: kept.slice(0, wantPages), covered: true };
}

/**
 * The OR-relaxed candidate query: the rarest terms while their chunk counts fit the budget. When even
 * the rarest term is too common to rank cheaply, require at least two of the three rarest instead.
 */
export function relaxedQuery(byRarity: QueryTerm[]): { query: string; any: Set<string> } {
  const picked: string[] = [];
  let rows = 0;
  for (const t of byRarity) {
    if (picked.length > 0 && rows + t.df > RELAXED_ROW_BUDGET) break;
    picked.push(t.lexeme);
    rows += t.df;
  }
  if (rows <= RELAXED_ROW_BUDGET || byRarity.length < 2) return { query: orQuery(picked), any: new Set(picked) };
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
export function comboQuery(terms: QueryTerm[], total: number, budget = COMBO_ROW_BUDGET): { match: string; rank: string; terms: string[] } | undefined {
  const best = strongest(terms);
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

/** The question's strongest known content words, highest weight first (COMBO_TERMS of them). */
function strongest(terms: QueryTerm[]): QueryTerm[] {
  return terms
    .filter((t) => t.df > 0 && t.coverageWeight > 0)
    .sort((a, b) => b.scoreWeight - a.scoreWeight || a.df - b.df)
    .slice(0, COMBO_TERMS);
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

/**
 * The keyword list's two tsqueries: a heading has one of the keywords (`headings`, on heading_words),
 * and the text one of the question's strongest other words (`text`, on tsv, which also ranks). When
 * every keyword was named with a noun, the heading must have one of the nouns too (weight A or B:
 * the title or the heading path), as dropUnpairedKeywords requires of the hits anyway: "and" is in
 * thousands of headings, and "parse an XML document and loop over it" (keyword "and", noun "loop")
 * made the list scan every chunk of the bot (125 ms at 50,000 chunks) for rows it would then drop.
 */
export function keywordListQuery(keywords: QueryTerm[], others: QueryTerm[]): { headings: string; text: string } | undefined {
  if (keywords.length === 0 || others.length === 0) return undefined;
  const headings = orQuery(keywords.map((t) => t.lexeme));
  const text = orQuery(others.map((t) => t.lexeme));
  const nouns = keywords.map((t) => t.keywordNoun);
  if (nouns.some((n) => n === undefined)) return { headings, text };
  const named = [...new Set(nouns as string[])].map((n) => `${quoteLexeme(n)}:AB`).join(' | ');
  return { headings, text: `(${text}) & (${named})` };
}

/**
 * A keyword the question named with a noun ("with statement") counts only where a heading has the
 * noun too: "with" alone is in headings such as "Extending Python with C or C++".
 */
export function dropUnpairedKeywords(terms: QueryTerm[], hits: Map<string, TermHit>): void {
  for (const t of terms) {
    if (!t.keywordNoun || !hits.has(t.lexeme)) continue;
    if (!hits.get(t.keywordNoun)?.weights.some((w) => w === 'A' || w === 'B')) hits.delete(t.lexeme);
  }
}

/** Share of a title match that a prefix match with the page's name earns (see TermHit.nameShare). */
const NAME_PREFIX_SHARE = 0.5;
/** Shortest word taking part in prefix matching: shorter prefixes match too many unrelated names. */
const NAME_PREFIX_MIN = 4;

/**
 * Pages are often named after the thing they document, in a form the question does not use:
 * "authentication" for auth, "calculator" for calc, "uploader" for uploads. A question word that is
 * a prefix of a word of the page's title or URL path (or the other way round) is a weaker title
 * match. (No measurable effect on the dev set, whose page titles name their subject in full; it is
 * for sites whose pages are named after an API.)
 */
export function addNameHits(terms: QueryTerm[], hits: Map<string, TermHit>, names: string[]): void {
  const words = names.filter((n) => n.length >= NAME_PREFIX_MIN && /^[a-z][a-z0-9]*$/.test(n));
  if (words.length === 0) return;
  for (const t of terms) {
    const lx = t.lexeme;
    if (lx.length < NAME_PREFIX_MIN || !/^[a-z][a-z0-9]*$/.test(lx) || t.coverageWeight <= 0) continue;
    const hit = hits.get(lx);
    if (hit?.weights.includes('A')) continue;
    if (!words.some((n) => n !== lx && (n.startsWith(lx) || lx.startsWith(n)))) continue;
    hits.set(lx, { positions: hit?.positions ?? [], weights: hit?.weights ?? [], nameShare: NAME_PREFIX_SHARE });
  }
}

/** Words of a URL's path, without the file extension: `/docs/uploader.html` → docs, uploader. */
export function urlWords(url: string): string[] {
  let p: string;
  try {
    p = decodeURIComponent(new URL(url).pathname);
  } catch {
    return [];
  }
  return p
    .toLowerCase()
    .replace(/\.[a-z0-9]{1,5}$/, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function toChunk(row: CandidateRow, score: number, coverage: number, matched: string[]): RetrievedChunk {
  return {
    phrase: 0,
    id: row.id,
    url: row.url,
    title: row.title,
    headingPath: row.heading_path,
    content: '',
    score,
    coverage,
    matched,
  };
}
