import type { Queryable } from '../../db/db.js';
import { quoteLexeme } from './queryText.js';

/**
 * Per-bot corpus statistics for BM25: how many live chunks a bot has and how many contain each
 * lexeme. Counting uses the GIN index, but a common word can match thousands of chunks, so counts
 * are cached for a minute: a ranking that is a minute stale after a re-crawl is harmless.
 */
export class TermStats {
  private readonly df = new Map<string, { value: number; at: number }>();
  private readonly totals = new Map<string, { value: number; at: number }>();
  private readonly pageLengths = new Map<string, { value: number; at: number }>();
  private readonly chunkLengths = new Map<string, { value: number; at: number }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 50_000,
  ) {}

  /** The bot's live chunk count and, for each lexeme, how many of its live chunks contain it. */
  async get(db: Queryable, chatbotId: string, lexemes: string[]): Promise<{ total: number; df: Map<string, number> }> {
    const now = this.now();
    const fresh = (e: { at: number } | undefined) => e !== undefined && now - e.at < this.ttlMs;
    const key = (lx: string) => `${chatbotId}\u0000${lx}`;
    const result = new Map<string, number>();
    const missing: string[] = [];
    for (const lx of lexemes) {
      const e = this.df.get(key(lx));
      if (fresh(e)) result.set(lx, e!.value);
      else missing.push(lx);
    }
    let totalEntry = this.totals.get(chatbotId);
    const needTotal = !fresh(totalEntry);
    if (missing.length > 0 || needTotal) {
      if (this.df.size > this.maxEntries) this.df.clear();
      const rows = await db.query<{ lexeme: string | null; n: number }>(
        `SELECT NULL::text AS lexeme, count(*)::int AS n FROM chunks WHERE chatbot_id = $1 AND live
         UNION ALL
         SELECT t.lexeme, (SELECT count(*) FROM chunks c
                            WHERE c.chatbot_id = $1 AND c.live AND c.tsv @@ t.q::tsquery)::int
           FROM unnest($2::text[], $3::text[]) AS t(lexeme, q)`,
        [chatbotId, missing, missing.map(quoteLexeme)],
      );
      for (const row of rows) {
        if (row.lexeme === null) {
          totalEntry = { value: row.n, at: now };
          this.totals.set(chatbotId, totalEntry);
        } else {
          result.set(row.lexeme, row.n);
          // Zero is not cached: a word absent now may arrive with the crawl that is running, and an
          // absent word costs the index almost nothing to count again.
          if (row.n > 0) this.df.set(key(row.lexeme), { value: row.n, at: now });
        }
      }
    }
    return { total: totalEntry!.value, df: result };
  }

  /** Mean length of the bot's live chunks in distinct lexemes, for the passages' BM25 length normalisation. */
  async meanChunkLength(db: Queryable, chatbotId: string): Promise<number> {
    return this.mean(this.chunkLengths, chatbotId, () =>
      db.query<{ n: number | null }>('SELECT avg(length(tsv))::float8 AS n FROM chunks WHERE chatbot_id = $1 AND live', [chatbotId]),
    );
  }

  /** Mean length of the bot's live pages in distinct lexemes (documents.tsv_len), for page-level BM25. */
  async meanPageLength(db: Queryable, chatbotId: string): Promise<number> {
    return this.mean(this.pageLengths, chatbotId, () =>
      db.query<{ n: number | null }>('SELECT avg(tsv_len)::float8 AS n FROM documents WHERE chatbot_id = $1 AND live', [chatbotId]),
    );
  }

  private async mean(cache: Map<string, { value: number; at: number }>, chatbotId: string, read: () => Promise<{ n: number | null }[]>): Promise<number> {
    const e = cache.get(chatbotId);
    if (e && this.now() - e.at < this.ttlMs) return e.value;
    const [row] = await read();
    const value = Math.max(1, Number(row?.n ?? 1));
    if (cache.size > this.maxEntries) cache.clear();
    cache.set(chatbotId, { value, at: this.now() });
    return value;
  }
}
