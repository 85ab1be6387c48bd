/**
 * The plain BM25 baseline: what textbook retrieval finds over the same indexed text as the product,
 * so a ranking change can be read against a fixed yardstick (and a site where the product trails
 * it stands out). Deliberately untuned: Okapi BM25 with k1 1.2 and b 0.75, one field (a chunk's
 * title, heading path and content), a page scored by its best chunk.
 *
 * Analyser: PostgreSQL's `to_tsvector` in the configuration each chunk was indexed in (the bot's
 * language's: Snowball stemming and stop words), for the chunks and the questions alike (the questions
 * in the bot's own configuration); a term's frequency is its number of positions.
 */
import type { Queryable } from '../server/src/db/db.js';
import { botTextConfig } from '../server/src/language/queryConfig.js';
import { DEFAULT_TEXT_CONFIG } from '../server/src/language/configs.js';

export const K1 = 1.2;
export const B = 0.75;

export interface Bm25Chunk {
  /** The page the chunk belongs to (its URL). */
  page: string;
  /** Term frequencies by lexeme. */
  tf: Map<string, number>;
}

/** An in-memory inverted index over a bot's chunks. */
export class Bm25Index {
  private readonly postings = new Map<string, { chunk: number; tf: number }[]>();
  private readonly lengths: number[];
  private readonly pages: string[];
  private readonly avgLength: number;

  /** The text search configuration its chunks were read in (the bot's language's): questions are read in it too. */
  textConfig = DEFAULT_TEXT_CONFIG;

  constructor(chunks: Bm25Chunk[]) {
    this.pages = chunks.map((c) => c.page);
    this.lengths = chunks.map((c) => [...c.tf.values()].reduce((a, b) => a + b, 0));
    this.avgLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, chunks.length);
    chunks.forEach((c, i) => {
      for (const [lexeme, tf] of c.tf) {
        let list = this.postings.get(lexeme);
        if (!list) this.postings.set(lexeme, (list = []));
        list.push({ chunk: i, tf });
      }
    });
  }

  get size(): number {
    return this.pages.length;
  }

  /** Robertson–Spärck Jones IDF with the usual +1 inside the log, so that it is never negative. */
  idf(lexeme: string): number {
    const df = this.postings.get(lexeme)?.length ?? 0;
    const n = this.pages.length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** Chunk scores for the query's distinct lexemes (chunks matching none are absent). */
  scoreChunks(lexemes: string[]): Map<number, number> {
    const scores = new Map<number, number>();
    for (const lexeme of new Set(lexemes)) {
      const list = this.postings.get(lexeme);
      if (!list) continue;
      const idf = this.idf(lexeme);
      for (const { chunk, tf } of list) {
        const norm = K1 * (1 - B + (B * this.lengths[chunk]!) / this.avgLength);
        scores.set(chunk, (scores.get(chunk) ?? 0) + (idf * tf * (K1 + 1)) / (tf + norm));
      }
    }
    return scores;
  }

  /** The first k distinct pages, each scored by its best chunk; ties broken by page for a stable order. */
  search(lexemes: string[], k = 10): { page: string; score: number }[] {
    const best = new Map<string, number>();
    for (const [chunk, score] of this.scoreChunks(lexemes)) {
      const page = this.pages[chunk]!;
      if (score > (best.get(page) ?? 0)) best.set(page, score);
    }
    return [...best]
      .map(([page, score]) => ({ page, score }))
      .sort((a, b) => b.score - a.score || (a.page < b.page ? -1 : a.page > b.page ? 1 : 0))
      .slice(0, k);
  }
}

/** Lexeme → number of positions, from a tsvector's text form (`'run':3,7 'program':2`). */
export function parseTsvector(text: string): Map<string, number> {
  const tf = new Map<string, number>();
  for (const m of text.matchAll(/'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g)) {
    const lexeme = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    tf.set(lexeme, (tf.get(lexeme) ?? 0) + (m[2] ? m[2].split(',').length : 1));
  }
  return tf;
}

/** The bot's live chunks as one field each, analysed by PostgreSQL. */
export async function loadBm25Index(db: Queryable, chatbotId: string): Promise<Bm25Index> {
  const rows = await db.query<{ url: string; tsv: string }>(
    `SELECT url, docent_tsvector(ts_config, title || ' ' || heading_path || ' ' || content)::text AS tsv
       FROM chunks WHERE chatbot_id = $1 AND live ORDER BY id`,
    [chatbotId],
  );
  const index = new Bm25Index(rows.map((r) => ({ page: r.url, tf: parseTsvector(r.tsv) })));
  index.textConfig = await botTextConfig(db, chatbotId);
  return index;
}

/** The question's lexemes under the same analyser (the bot's configuration: Bm25Index.textConfig). */
export async function questionLexemes(db: Queryable, question: string, config = DEFAULT_TEXT_CONFIG): Promise<string[]> {
  const rows = await db.query<{ lexemes: string[] }>(`SELECT tsvector_to_array(docent_tsvector($2, $1)) AS lexemes`, [question, config]);
  return rows[0]?.lexemes ?? [];
}
