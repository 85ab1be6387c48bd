import type { Queryable } from '../db/db.js';
import { cleanQueryText, MAX_QUERY_TERMS, orQuery, quoteLexeme } from './queryText.js';
import { coverageWeightOf, idf, reciprocalRankFusion, scoreChunk, type TermHit } from './scoring.js';
import { TermStats } from './termStats.js';
import type { PageHit, QueryTerm, RetrievedChunk, Retrieval, RetrieveOptions, Retriever } from './types.js';

/**
 * The relevance floor. The best passage must contain a good share of the question's weighted words
 * (weights are IDF, so missing a word the site never uses, "Heroku", "sourdough", costs far more
 * than missing a common one), or a smaller share made of several distinct content words: long
 * questions phrase things their own way, and four of their words meeting in one passage is
 * evidence that an unrelated question's one or two stray matches are not.
 */
export const RELEVANCE_FLOOR = 0.36;
const RELAXED_FLOOR = 0.25;
const RELAXED_FLOOR_WORDS = 4;

/** Whether a passage clears the relevance floor. */
export function clearsFloor(terms: QueryTerm[], chunk: Pick<RetrievedChunk, 'coverage' | 'matched'>): boolean {
  if (chunk.coverage >= RELEVANCE_FLOOR) return true;
  const content = new Set(terms.filter((t) => t.coverageWeight >= 0.9).map((t) => t.lexeme));
  const words = chunk.matched.filter((m) => content.has(m)).length;
  return chunk.coverage >= RELAXED_FLOOR && words >= RELAXED_FLOOR_WORDS;
}

/** Share of a page's second-best passage added to its score. */
const PAGE_SECOND_CHUNK = 0.3;
/**
 * Words that describe the asking rather than the subject ("what's the best way to…", "it keeps
 * happening", "I really need…"). English stopword lists keep them; in long questions they match
 * thousands of passages and drown the words that matter, so they count for little.
 */
const FILLER_WORDS =
  'way best good better really actually happen happens happened exactly thing things someone something ' +
  'want wants know trying possible instead also anyway maybe please tell wonder ' +
  'correct properly simple simply easy easiest quick quickly whole kind';
const FILLER_WEIGHT = 0.3;
/** How much more a word the site never uses counts against coverage than a known rare word. */
const UNKNOWN_TERM_WEIGHT = 2;
/** Later pages must score at least this share of the best page to be offered as sources. */
const SECONDARY_PAGE_SHARE = 0.3;
/**
 * The OR candidate query ranks every chunk it matches, so it only takes the rarest terms whose
 * chunk counts add up to this budget; common terms still count in the final ranking (scoring.ts).
 */
const RELAXED_ROW_BUDGET = 600;

/** Optional semantic search, fused by reciprocal rank when embeddings exist. */
export interface VectorSearch {
  /** Chunk ids best-first, or [] when the bot has no embeddings. */
  search(chatbotId: string, question: string, limit: number): Promise<string[]>;
}

interface CandidateRow {
  id: string;
  url: string;
  title: string;
  heading_path: string;
  content: string;
  len: number;
  tsv: string;
}

// The tsvector travels as text and is parsed in JS: measured 3-9x faster than unnesting it in SQL.
const ROW_COLUMNS = `c.id::text AS id, c.url, c.title, c.heading_path, c.content, length(c.tsv) AS len, c.tsv::text AS tsv`;

/*
 * Candidates from cheap index-driven lists, then ranked in JS (see scoring.ts):
 *  - relaxed: any of the question's selective lexemes (the OR fallback), ranked by ts_rank_cd;
 *  - rare: the best chunks for the rarest lexeme, so its page is never crowded out by chunks that
 *    merely repeat the other words;
 *  - strict: websearch_to_tsquery, when the question uses its syntax ("quoted phrase", -word, or).
 *    For plain questions every chunk it could find is already in the relaxed list, and its GIN
 *    lookup over common words was the slowest part of a search.
 * ts_rank_cd flag 1 divides by 1 + log(length), so long chunks do not win on bulk alone.
 */
const CANDIDATES_SQL = `
WITH cand AS (
  (SELECT id FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ $3::tsquery
    ORDER BY ts_rank_cd(tsv, $3::tsquery, 1) DESC LIMIT 100)
  UNION
  (SELECT id FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ $4::tsquery
    ORDER BY ts_rank_cd(tsv, $4::tsquery, 1) DESC LIMIT 25)
  UNION
  (SELECT id FROM chunks WHERE $2::text IS NOT NULL AND chatbot_id = $1 AND live
      AND tsv @@ websearch_to_tsquery('english', $2)
    ORDER BY ts_rank_cd(tsv, websearch_to_tsquery('english', $2), 1) DESC LIMIT 40)
)
SELECT ${ROW_COLUMNS} FROM chunks c JOIN cand ON cand.id = c.id`;

/** Whether the question uses web-search syntax: a quoted phrase, an excluded -word, or OR. */
export const usesSearchSyntax = (text: string): boolean => /"[^"]+"|(^|\s)-\w|\sor\s/i.test(text);

export class FullTextRetriever implements Retriever {
  private readonly stats = new TermStats();

  constructor(
    private readonly db: Queryable,
    private readonly vector?: VectorSearch,
  ) {}

  async retrieve(chatbotId: string, question: string, opts: RetrieveOptions = {}): Promise<Retrieval> {
    const wantPages = opts.pages ?? 5;
    const perPage = opts.chunksPerPage ?? 2;
    const text = cleanQueryText(question).trim();
    const empty: Retrieval = { terms: [], pages: [], covered: false };
    if (!text) return empty;

    const { terms, total } = await this.analyse(chatbotId, text);
    if (terms.length === 0) return empty;

    const known = terms.filter((t) => t.df > 0);
    if (known.length === 0) return { ...empty, terms };
    const byRarity = [...known].sort((a, b) => a.df - b.df);
    const relaxed = relaxedQuery(byRarity);
    const rarest = quoteLexeme(byRarity[0]!.lexeme);
    void total;

    const rows = await this.db.query<CandidateRow>(CANDIDATES_SQL, [chatbotId, usesSearchSyntax(text) ? text : null, relaxed, rarest]);
    let ranked = this.rank(terms, rows);

    if (this.vector) ranked = await this.fuseVectors(chatbotId, text, terms, ranked);
    return groupPages(terms, ranked, wantPages, perPage);
  }

  /** The question's lexemes (PostgreSQL does stemming and stopwords) with their corpus weights. */
  private async analyse(chatbotId: string, text: string): Promise<{ terms: QueryTerm[]; total: number }> {
    const rows = await this.db.query<{ lexeme: string; positions: number[] }>(
      `SELECT lexeme, positions::int[] AS positions FROM unnest(to_tsvector('english', $1))`,
      [text],
    );
    // "x.sort()" and "json.dumps" are single tokens to the parser; their parts are what pages say.
    const parts = rows.flatMap((r) =>
      /[./]/.test(r.lexeme) ? r.lexeme.split(/[./]/).filter((p) => p.length > 1).map((p) => ({ lexeme: p, positions: r.positions })) : [],
    );
    const seen = new Set<string>();
    let picked = [...rows, ...parts].filter((r) => r.lexeme.length > 1 && !seen.has(r.lexeme) && seen.add(r.lexeme));
    if (picked.length === 0) picked = rows;
    picked = picked
      .sort((a, b) => Math.min(...a.positions) - Math.min(...b.positions))
      .slice(0, MAX_QUERY_TERMS);
    if (picked.length === 0) return { terms: [], total: 0 };
    const { total, df } = await this.stats.get(this.db, chatbotId, picked.map((r) => r.lexeme));
    const has = (lx: string) => (df.get(lx) ?? 0) > 0;
    const filler = await this.fillerLexemes();
    const pickedSet = new Set(picked.map((r) => r.lexeme));
    const terms = picked.map((r): QueryTerm => {
      const d = df.get(r.lexeme) ?? 0;
      const base = { lexeme: r.lexeme, positions: r.positions, df: d };
      // A compound ("built-in", "switch/case", "x.sort") comes with its parts as terms of their
      // own: counting it fully as well would score the same words twice.
      const parts = r.lexeme.split(/[./-]/).filter((p) => p.length > 1);
      if (parts.length > 1 && parts.some((p) => pickedSet.has(p) && has(p))) {
        const w = idf(Math.max(d, 1), total);
        return { ...base, idf: w, scoreWeight: d > 0 ? 0.3 * w : 0, coverageWeight: 0 };
      }
      // A word the site never uses marks a part of the question the site cannot answer: it weighs
      // as much as the rarest word the site has, counted twice.
      const w = idf(Math.max(d, 1), total);
      const unknown = d === 0 ? UNKNOWN_TERM_WEIGHT : 1;
      const f = filler.has(r.lexeme) ? FILLER_WEIGHT : 1;
      return { ...base, idf: w, scoreWeight: w * f, coverageWeight: coverageWeightOf(r.lexeme) * unknown * f };
    });
    return { terms, total };
  }

  private filler?: Promise<Set<string>>;

  /** The filler words' lexemes, stemmed by the same configuration as the index (once per process). */
  private fillerLexemes(): Promise<Set<string>> {
    this.filler ??= this.db
      .query<{ lexeme: string }>(`SELECT lexeme FROM unnest(to_tsvector('english', $1))`, [FILLER_WORDS])
      .then((rows) => new Set(rows.map((r) => r.lexeme)))
      .catch(() => new Set<string>());
    return this.filler;
  }

  private rank(terms: QueryTerm[], rows: CandidateRow[]): RetrievedChunk[] {
    const wanted = new Set(terms.map((t) => t.lexeme));
    const avgLen = rows.length ? rows.reduce((s, r) => s + Number(r.len), 0) / rows.length : 1;
    return rows
      .map((row) => {
        const { score, phrase, coverage, matched } = scoreChunk(terms, parseTsvector(row.tsv, wanted), Number(row.len), avgLen);
        return { ...toChunk(row, score, coverage, matched), phrase };
      })
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  }

  /** Reciprocal rank fusion of the full-text order with the vector order. */
  private async fuseVectors(chatbotId: string, text: string, terms: QueryTerm[], ranked: RetrievedChunk[]): Promise<RetrievedChunk[]> {
    let ids: string[];
    try {
      ids = await this.vector!.search(chatbotId, text, 50);
    } catch {
      return ranked; // semantic search is an enhancement; full text alone still answers
    }
    if (ids.length === 0) return ranked;
    const byId = new Map(ranked.map((c) => [c.id, c]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      const rows = await this.db.query<CandidateRow>(
        `SELECT ${ROW_COLUMNS} FROM chunks c WHERE c.chatbot_id = $1 AND c.live AND c.id::text = ANY($2::text[])`,
        [chatbotId, missing],
      );
      for (const c of this.rank(terms, rows)) byId.set(c.id, c);
    }
    return fuseRankings(ranked.map((c) => c.id), ids, byId);
  }
}

/** Order chunks by RRF over the two lists; the fused value becomes the score. */
export function fuseRankings(textIds: string[], vectorIds: string[], byId: Map<string, RetrievedChunk>): RetrievedChunk[] {
  const fused = reciprocalRankFusion([textIds, vectorIds]);
  return [...fused.entries()]
    .filter(([id]) => byId.has(id))
    .sort((a, b) => b[1] - a[1])
    .map(([id, score]) => ({ ...byId.get(id)!, score }));
}

/** Distinct pages best-first, at most perPage chunks each, cut at the relevance floor. */
export function groupPages(terms: QueryTerm[], ranked: RetrievedChunk[], wantPages: number, perPage: number): Retrieval {
  const pages = new Map<string, PageHit>();
  for (const chunk of ranked) {
    let page = pages.get(chunk.url);
    if (!page) {
      if (pages.size >= wantPages * 3) continue;
      page = { url: chunk.url, title: chunk.title, score: chunk.score, coverage: chunk.coverage, chunks: [] };
      pages.set(chunk.url, page);
    }
    if (page.chunks.length < perPage) page.chunks.push(chunk);
    page.coverage = Math.max(page.coverage, chunk.coverage);
  }
  // A page with a second good passage is more likely about the question than one lucky passage.
  for (const page of pages.values()) page.score = page.chunks[0]!.score + PAGE_SECOND_CHUNK * (page.chunks[1]?.score ?? 0);
  const ordered = [...pages.values()].sort((a, b) => b.score - a.score);
  const best = ordered[0];
  if (!best || !best.chunks.some((c) => clearsFloor(terms, c))) return { terms, pages: [], covered: false };
  const kept = ordered.filter((p, i) => i === 0 || (p.score >= best.score * SECONDARY_PAGE_SHARE && p.coverage >= RELAXED_FLOOR));
  return { terms, pages: kept.slice(0, wantPages), covered: true };
}

/**
 * The OR-relaxed candidate query: the rarest terms while their chunk counts fit the budget. When even
 * the rarest term is too common to rank cheaply, require at least two of the three rarest instead.
 */
export function relaxedQuery(byRarity: QueryTerm[]): string {
  const picked: string[] = [];
  let rows = 0;
  for (const t of byRarity) {
    if (picked.length > 0 && rows + t.df > RELAXED_ROW_BUDGET) break;
    picked.push(t.lexeme);
    rows += t.df;
  }
  if (rows <= RELAXED_ROW_BUDGET || byRarity.length < 2) return orQuery(picked);
  const [a, b, c] = byRarity.slice(0, 3).map((t) => quoteLexeme(t.lexeme));
  return c ? `(${a} & ${b}) | (${a} & ${c}) | (${b} & ${c})` : `${a} & ${b}`;
}

/**
 * Positions and weight labels of the wanted lexemes from a tsvector's text form, e.g.
 * `'json':1A,3 'dump':2C` (quotes inside a lexeme are doubled, backslashes escaped).
 */
export function parseTsvector(text: string, wanted: Set<string>): Map<string, TermHit> {
  const hits = new Map<string, TermHit>();
  const re = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const lexeme = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    if (!wanted.has(lexeme)) continue;
    const positions: number[] = [];
    const weights: string[] = [];
    for (const p of (m[2] ?? '').split(',')) {
      if (!p) continue;
      const label = /[A-D]$/.test(p) ? p.slice(-1) : 'D';
      positions.push(parseInt(p, 10));
      weights.push(label);
    }
    hits.set(lexeme, { positions, weights });
  }
  return hits;
}

function toChunk(row: CandidateRow, score: number, coverage: number, matched: string[]): RetrievedChunk {
  return {
    phrase: 0,
    id: row.id,
    url: row.url,
    title: row.title,
    headingPath: row.heading_path,
    content: row.content,
    score,
    coverage,
    matched,
  };
}
