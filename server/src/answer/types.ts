/** What retrieval hands to the answerers. */

/** One query lexeme (as PostgreSQL's english configuration stems it) with its weight in this bot. */
export interface QueryTerm {
  lexeme: string;
  /** Positions in the question, for phrase matching. */
  positions: number[];
  /** Chunks of the bot containing it. */
  df: number;
  /** BM25 inverse document frequency. */
  idf: number;
  /** Weight in the ranking score: the IDF, less for filler words and compounds whose parts are terms too. */
  scoreWeight: number;
  /** How much the term counts towards "is this question covered" (numbers and 1-letter terms count less). */
  coverageWeight: number;
  /**
   * For a part of a dotted or slashed name ("tmp" of "/tmp"): that name's lexeme. Pages that write the
   * name whole hold the part too, though the parser indexes only the whole.
   */
  whole?: string;
}

export interface RetrievedChunk {
  id: string;
  url: string;
  title: string;
  headingPath: string;
  content: string;
  /** Final fused relevance (higher is better; only comparable within one retrieval). */
  score: number;
  /** The part of the score from question terms that stand together in the passage. */
  phrase: number;
  /** Share (0..1) of the question's weighted terms this chunk contains. */
  coverage: number;
  /** Query lexemes found in the chunk. */
  matched: string[];
  /** Its plain BM25 score over the question's words (scoring.ts, plainBm25), when full text found it. */
  plain?: number;
  /** 1-based rank in the semantic search list, when semantic search found it. */
  vectorRank?: number;
  /** Cosine similarity to the question, when semantic search found it. */
  similarity?: number;
  /** Semantic search alone puts it above the relevance floor (see retriever.ts, VectorFloor). */
  vectorClears?: boolean;
}

/** A page with its best chunks, pages ordered best-first. */
export interface PageHit {
  url: string;
  title: string;
  score: number;
  coverage: number;
  chunks: RetrievedChunk[];
  /** Offered because plain BM25 ranks it first, below where the ranking put it (retrieval/pages.ts). */
  plainFirst?: boolean;
}

/** What the evidence supports: an answer, a "not sure" with the closest pages, or nothing (retrieval/floor.ts). */
export type Evidence = 'answer' | 'unsure' | 'none';

export interface Retrieval {
  terms: QueryTerm[];
  /** Pages to offer, best first (empty when the site has nothing about the question). */
  pages: PageHit[];
  /** The outcome the evidence supports. */
  outcome: Evidence;
  /** The best passage's coverage among the first pages (what the outcome was decided on), 0..1. */
  evidence: number;
  /** outcome === 'answer'. */
  covered: boolean;
  /**
   * Names the question asks about that the site never writes (retrieval/absentNames.ts), as the
   * visitor wrote them; when there are any, the answerer declines (outcome 'none'), naming them.
   */
  absent?: string[];
  /** The text search configuration the question was read in (language/queryConfig.ts): its terms are lexemes of it. */
  textConfig?: string;
}

export interface RetrieveOptions {
  /** Distinct pages wanted (default 5). */
  pages?: number;
  /** Chunks kept per page (default 2). */
  chunksPerPage?: number;
  /** Return the best pages even when none clears the relevance floor (`covered` stays false); for evaluation tools. */
  keepBelowFloor?: boolean;
  /** Order pages by their passages alone, the order the relevance floor is decided on (no page evidence); for evaluation tools. */
  passageOrder?: boolean;
}

export interface Retriever {
  retrieve(chatbotId: string, question: string, opts?: RetrieveOptions): Promise<Retrieval>;
}
