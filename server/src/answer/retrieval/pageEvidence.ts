import type { Queryable } from '../../db/db.js';
import { documentUrl } from '../../text/pdfPageLink.js';
import { DEFAULT_PARAMS, type RetrievalParams } from './params.js';
import { addWholeNameHits } from './chunkRanking.js';
import { parseTsvector } from './tsvectorText.js';
import type { PageHit, QueryTerm } from '../types.js';

/**
 * Page-level evidence: how much the whole page, not just its best passages, is about the question.
 * Passages are ranked on their own (scoring.ts) and a page scores by its best one or two; but a page
 * that uses the question's words all through ("run", "program", "external" over the whole subprocess
 * page) is more likely to be about it than one with a single lucky passage, and a question phrased in
 * a visitor's words often matches a page's passages only in part. Combining the page's score with its
 * best passage's is the classic remedy (Callan, "Passage-level evidence in document retrieval",
 * SIGIR 1994; passage and document evidence together beat either alone).
 *
 * The page's score is BM25 over its whole text (documents.tsv, migration 006) with the standard
 * constants, the question's words weighted as in the passage ranking. It is added to the passage
 * score, both scaled to the best of the candidates: page = passage + share × best
 * passage × page BM25 / best page BM25, the best page BM25 being that of the pages read (see
 * withPageEvidence for which).
 *
 * The share, the number of pages read and the BM25 constants are in params.ts (pageEvidenceShare,
 * pageEvidencePages, pageK1, pageB).
 */
/**
 * For each page, the occurrences of the wanted lexemes in its text and its length in distinct
 * lexemes. setweight marks the wanted lexemes and ts_filter keeps only them, so a page's few
 * matching entries travel instead of its whole vocabulary.
 */
const PAGE_TERMS_SQL = `
SELECT url, tsv_len AS len, ts_filter(setweight(tsv, 'A', $3::text[]), '{a}')::text AS tsv
  FROM documents
 WHERE chatbot_id = $1 AND live AND url = ANY($2::text[])`;

const pageTerms = (terms: QueryTerm[]) => terms.filter((t) => t.df > 0 && t.scoreWeight > 0);

/** The lexemes whose occurrences in a page count (PAGE_TERMS_SQL's $3; candidates.ts reads them with the candidates). */
export const pageLexemes = (terms: QueryTerm[]): string[] => pageTerms(terms).map((t) => t.lexeme);

/**
 * Pages' rows read already (with the candidates, candidates.ts): `urls` are the pages asked for
 * (whether or not a live page answered), `rows` what came back, for the lexemes of pageLexemes.
 */
export interface ReadPages {
  urls: ReadonlySet<string>;
  rows: { url: string; len: number; tsv: string }[];
}

/**
 * Page BM25 for the given pages: url → score (pages without any of the words are absent). `avgLen` is
 * the mean over all the bot's pages: the candidates' own mean would be skewed long (a long page has
 * more words to match with) and go easy on exactly the pages that need normalising.
 */
export async function pageScores(
  db: Queryable,
  chatbotId: string,
  terms: QueryTerm[],
  urls: string[],
  avgLen: number,
  { pageK1: K1, pageB: B }: Pick<RetrievalParams, 'pageK1' | 'pageB'> = DEFAULT_PARAMS,
  read?: ReadPages,
): Promise<Map<string, number>> {
  const scored = pageTerms(terms);
  const scores = new Map<string, number>();
  if (scored.length === 0 || urls.length === 0) return scores;
  const lexemes = scored.map((t) => t.lexeme);
  // Read with the candidates when they cover every page asked for (a page only a semantic leg found may not be).
  const asked = new Set(urls);
  const rows =
    read && urls.every((u) => read.urls.has(u))
      ? read.rows.filter((r) => asked.has(r.url))
      : await db.query<{ url: string; len: number; tsv: string }>(PAGE_TERMS_SQL, [chatbotId, urls, lexemes]);
  const wanted = new Set(lexemes);
  for (const row of rows) {
    const hits = parseTsvector(row.tsv, wanted);
    addWholeNameHits(terms, hits);
    const norm = 1 - B + B * (Number(row.len) / Math.max(1, avgLen));
    let score = 0;
    for (const t of scored) {
      const tf = hits.get(t.lexeme)?.positions.length ?? 0;
      if (tf > 0) score += t.scoreWeight * ((tf * (K1 + 1)) / (tf + K1 * norm));
    }
    // A URL is one live document, but should a re-crawl ever leave two, the better one speaks.
    if (score > 0) scores.set(row.url, Math.max(score, scores.get(row.url) ?? 0));
  }
  return scores;
}

/**
 * Adds page-level evidence to the first `pageEvidencePages` pages (best-first by passage score) and
 * returns all pages re-sorted. The page scores are scaled to the best of them (CombSUM with max
 * normalisation), so the pages read must not depend on how many the caller wants: a fixed number.
 */
export async function withPageEvidence(
  db: Queryable,
  /** The bot's mean page length (CorpusStats.meanPageLength). */
  meanPageLength: number,
  chatbotId: string,
  terms: QueryTerm[],
  pages: PageHit[],
  p: Pick<RetrievalParams, 'pageEvidenceShare' | 'pageEvidencePages' | 'pageK1' | 'pageB'>,
  /** Pages read with the candidates, for pageLexemes(terms). */
  read?: ReadPages,
): Promise<PageHit[]> {
  const head = pages.slice(0, p.pageEvidencePages);
  const bestPassage = head[0]?.score ?? 0;
  if (head.length < 2 || bestPassage <= 0) return pages;
  const scores = await pageScores(
    db,
    chatbotId,
    terms,
    // A PDF page's evidence is its whole document's (documents hold the PDF once, without `#page=N`).
    head.map((p) => documentUrl(p.url)),
    meanPageLength,
    p,
    read,
  );
  const bestPage = Math.max(0, ...scores.values());
  if (bestPage <= 0) return pages;
  const fused = head.map((page) => ({
    ...page,
    score: page.score + (p.pageEvidenceShare * bestPassage * (scores.get(documentUrl(page.url)) ?? 0)) / bestPage,
  }));
  // Pages past the head keep their order below it: each scores less than every page of the head did.
  return [...fused.sort((a, b) => b.score - a.score), ...pages.slice(p.pageEvidencePages)];
}
