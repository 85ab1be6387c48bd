import type { Queryable } from '../../db/db.js';
import type { PageHit, QueryTerm, RetrievedChunk, Retrieval, RetrieveOptions, Retriever } from '../types.js';
import {
  comboQuery,
  rareQuery,
  relaxedQuery,
  rowColumns,
  SEARCH_SQL,
  usesSearchSyntax,
  type CandidateRow,
  type PageTermsRow,
  type SearchRow,
} from './candidates.js';
import { rankChunks } from './chunkRanking.js';
import { cutAtFloor, outcomeOf, questionEvidence, type VectorFloor } from './floor.js';
import { fuseScores, vectorClearance, type VectorHit, type VectorSearch } from './fusion.js';
import { pageLexemes, withPageEvidence, type ReadPages } from './pageEvidence.js';
import { collectPages, keepPlainFirst } from './pages.js';
import { withParams, type RetrievalParams } from './params.js';
import { analyseQuestion } from './queryAnalysis.js';
import { cleanQueryText } from './queryText.js';
import { searchLegs, type SemanticLeg } from './semanticLegs.js';

/**
 * Retrieval for one question: analyse the words (queryAnalysis), pick candidates with cheap index
 * lists (candidates), rank passages (chunkRanking, scoring), fuse the optional vector leg (fusion),
 * group into pages (pages), decide whether the site covers the question (floor) and order the
 * pages that do by their whole text too (pageEvidence).
 */
export interface FullTextRetrieverOptions {
  vectorFloor?: VectorFloor;
  /** Retrieval parameters other than DEFAULT_PARAMS (evaluation). */
  params?: Partial<RetrievalParams>;
  /** Semantic legs with no model (SEMANTIC_LEGS), fused after the vector leg. */
  legs?: SemanticLeg[];
}

export class FullTextRetriever implements Retriever {
  private readonly vectorFloor?: VectorFloor;
  private readonly p: RetrievalParams;
  private readonly legs: SemanticLeg[];

  constructor(
    private readonly db: Queryable,
    private readonly vector?: VectorSearch,
    opts: FullTextRetrieverOptions = {},
  ) {
    this.vectorFloor = opts.vectorFloor;
    this.p = withParams(opts.params);
    this.legs = opts.legs ?? [];
  }

  async retrieve(chatbotId: string, question: string, opts: RetrieveOptions = {}): Promise<Retrieval> {
    const p = this.p;
    const wantPages = opts.pages ?? 5;
    const perPage = opts.chunksPerPage ?? 2;
    const text = cleanQueryText(question).trim();
    const empty: Retrieval = { terms: [], pages: [], outcome: 'none', evidence: 0, covered: false };
    if (!text) return empty;

    // The semantic leg runs beside the full-text one; a failure leaves full text to answer alone.
    const vectorHits = this.vector?.search(chatbotId, text, p.vectorCandidates).catch((): VectorHit[] => []);
    const legHits = this.legs.length > 0 ? searchLegs(this.legs, chatbotId, text, p.vectorCandidates, p) : undefined;
    // One statement: the bot's languages, the question's words and their statistics (queryAnalysis.ts).
    const { terms, stats, config: textConfig } = await analyseQuestion(this.db, chatbotId, text, p);
    if (terms.length === 0) return { ...empty, textConfig };

    const known = terms.filter((t) => t.df > 0);
    let ranked: RetrievedChunk[] = [];
    // The candidates' text and their pages' evidence, read with them (candidates.ts, SEARCH_SQL).
    const content = new Map<string, string>();
    let readPages: ReadPages | undefined;
    if (known.length > 0) {
      const byRarity = [...known].sort((a, b) => a.df - b.df);
      const relaxed = relaxedQuery(byRarity, p.relaxedRowBudget);
      // When the OR list already takes every word of the "m of n" list, it finds all its chunks.
      let combo = comboQuery(terms, stats.total, p);
      if (combo && combo.terms.every((lx) => relaxed.any.has(lx))) combo = undefined;
      const lexemes = pageLexemes(terms);
      const read = await this.db.query<(SearchRow & { kind: 'c' }) | (PageTermsRow & { kind: 'p' })>(SEARCH_SQL, [
        chatbotId,
        usesSearchSyntax(text) ? text : null,
        relaxed.query,
        rareQuery(byRarity, p.relaxedRowBudget),
        combo?.match ?? null,
        combo?.rank ?? null,
        terms.map((t) => t.lexeme),
        textConfig,
        opts.passageOrder ? [] : lexemes,
      ]);
      const rows = read.filter((r) => r.kind === 'c');
      for (const c of rows) content.set(c.id, c.content);
      if (lexemes.length > 0 && !opts.passageOrder) {
        const urls = new Set(rows.flatMap((r) => (r.doc_url === null ? [] : [r.doc_url])));
        readPages = { urls, rows: read.filter((r) => r.kind === 'p') };
      }
      ranked = rankChunks(terms, rows, stats.meanChunkLength, p);
    }

    if (vectorHits) ranked = await this.fuseVectors(chatbotId, await vectorHits, terms, ranked, stats.meanChunkLength);
    if (legHits) {
      const mix = await legHits;
      ranked = await this.fuseVectors(chatbotId, mix.hits, terms, ranked, stats.meanChunkLength, mix.share);
    }
    const byPassage = collectPages(ranked, perPage, p.secondPassageShare);
    // The outcome is decided on the passages; the whole pages' evidence only orders the pages offered.
    const evidence = questionEvidence(byPassage, p);
    const outcome = outcomeOf(evidence, p);
    const reorder = (outcome !== 'none' || opts.keepBelowFloor) && !opts.passageOrder;
    const pages = reorder
      ? keepPlainFirst(
          await withPageEvidence(this.db, stats.meanPageLength, chatbotId, terms, byPassage, p, readPages),
          ranked,
          p.plainSlot,
        )
      : byPassage;
    const retrieval = cutAtFloor(terms, pages, outcome, evidence, wantPages, p, opts.keepBelowFloor);
    await this.fillContent(chatbotId, retrieval.pages, content);
    return { ...retrieval, textConfig };
  }

  /** The passages' text: read with the candidates, or (a chunk only a vector leg found) now. */
  private async fillContent(chatbotId: string, pages: PageHit[], read: Map<string, string>): Promise<void> {
    const chunks = pages.flatMap((p) => p.chunks);
    const missing = chunks.filter((c) => !read.has(c.id)).map((c) => c.id);
    if (missing.length > 0) {
      const rows = await this.db.query<{ id: string; content: string }>(
        `SELECT id::text AS id, content FROM chunks WHERE chatbot_id = $1 AND id = ANY($2::text[]::bigint[])`,
        [chatbotId, missing],
      );
      for (const r of rows) read.set(r.id, r.content);
    }
    for (const c of chunks) c.content = read.get(c.id) ?? '';
  }

  /**
   * A semantic list's nearest chunks, scored by their words too, fused with the full-text scores.
   * Only the embedding leg (no `share` given) marks its chunks' rank and similarity for the floor.
   */
  private async fuseVectors(
    chatbotId: string,
    hits: VectorHit[],
    terms: QueryTerm[],
    ranked: RetrievedChunk[],
    avgLen: number,
    share?: number,
  ): Promise<RetrievedChunk[]> {
    if (hits.length === 0) return ranked;
    const byId = new Map(ranked.map((c) => [c.id, c]));
    const missing = hits.map((h) => h.id).filter((id) => !byId.has(id));
    if (missing.length > 0) {
      const rows = await this.db.query<CandidateRow>(
        `SELECT ${rowColumns(3)} FROM chunks c WHERE c.chatbot_id = $1 AND c.live AND c.id = ANY($2::text[]::bigint[])`,
        [chatbotId, missing, terms.map((t) => t.lexeme)],
      );
      for (const c of rankChunks(terms, rows, avgLen, this.p)) byId.set(c.id, c);
    }
    if (share !== undefined) return fuseScores(hits, byId, share);
    const clears = this.vectorFloor ? vectorClearance(hits, this.vectorFloor) : new Set<string>();
    hits.forEach((h, i) => {
      const c = byId.get(h.id);
      if (c) byId.set(h.id, { ...c, vectorRank: i + 1, similarity: h.similarity, vectorClears: clears.has(h.id) });
    });
    return fuseScores(hits, byId, this.p.vectorShare);
  }
}
