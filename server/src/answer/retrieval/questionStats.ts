import type { Queryable } from '../../db/db.js';
import { readTermStats, type CorpusStats } from '../../db/repositories/termStats.js';
import type { ReadRow } from './questionRead.js';

/**
 * The bot's statistics from READ_SQL's rows, with the counts of exactly the lexemes asked about (as
 * one readTermStats of them would give). READ_SQL splits a compound by characters where JS slices
 * UTF-16 units: a lexeme with letters beyond the BMP has its prefixes and suffixes read apart.
 */
export async function statsOf(db: Queryable, chatbotId: string, read: ReadRow[], lexemes: string[]): Promise<CorpusStats> {
  const totals = read.find((r) => r.kind === 't');
  const n = Number(totals?.n ?? 0);
  const stats: CorpusStats = {
    total: n,
    df: new Map(),
    meanChunkLength: mean(Number(totals?.chunk_lexemes ?? 0), n),
    meanPageLength: mean(Number(totals?.page_lexemes ?? 0), Number(totals?.pages ?? 0)),
  };
  const counts = new Map(read.filter((r) => r.kind === 'd').map((r) => [r.lexeme!, Number(r.n)]));
  const wanted = new Set(lexemes);
  for (const [lexeme, df] of counts) if (wanted.has(lexeme) && df > 0) stats.df.set(lexeme, df);
  const astral = lexemes.filter((lx) => /[\uD800-\uDFFF]/.test(lx) && !counts.has(lx));
  if (astral.length > 0) for (const [lexeme, df] of (await readTermStats(db, chatbotId, astral)).df) stats.df.set(lexeme, df);
  return stats;
}

const mean = (sum: number, count: number) => (count > 0 ? Math.max(1, sum / count) : 1);
