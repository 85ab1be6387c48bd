import type { Db } from '../server/src/db/db.js';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';
import { rebuildTermStats } from '../server/src/db/repositories/termStats.js';

/** Copy the source bot's live pages and chunks into a new bot until it has `target` chunks (the latency benchmarks' big bot). */
export async function buildBenchBot(db: Db, sourceBot: string, target: number): Promise<{ bot: string; chunks: number }> {
  const bot = (await insertChatbot(db, { ownerUid: 'bench', name: 'retrieval bench' })).id;
  let copied = 0;
  for (let round = 0; copied < target; round++) {
    // Each copy gets its own URLs so the copies count as distinct pages.
    const rows = await db.query<{ n: number }>(
      `WITH docs AS (SELECT id, gen_random_uuid() AS copy FROM documents WHERE chatbot_id = $2 AND live),
       pages AS (INSERT INTO documents (id, chatbot_id, url, title, content, content_hash, anchor_text)
                 SELECT docs.copy, $1, d.url || '#copy' || $3, d.title, d.content, d.content_hash, d.anchor_text
                   FROM docs JOIN documents d ON d.id = docs.id),
       ins AS (INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, heading_path, content)
               SELECT docs.copy, $1, c.ordinal, c.url || '#copy' || $3, c.title, c.heading_path, c.content
                 FROM chunks c JOIN docs ON docs.id = c.document_id
                WHERE c.chatbot_id = $2 AND c.live ORDER BY c.id LIMIT $4 RETURNING 1)
       SELECT count(*)::int AS n FROM ins`,
      [bot, sourceBot, round, target - copied],
    );
    if (rows[0]!.n === 0) throw new Error('the source bot has no live chunks');
    copied += rows[0]!.n;
  }
  // Written by SQL rather than by the indexer: count its term statistics.
  await rebuildTermStats(db, bot);
  for (const table of ['chunks', 'documents', 'term_stats', 'term_totals']) await db.query(`VACUUM ANALYZE ${table}`);
  return { bot, chunks: copied };
}
