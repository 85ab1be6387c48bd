import type { Db } from '../server/src/db/db.js';
import { rebuildTermStats } from '../server/src/db/repositories/termStats.js';
import { MarkdownChunker } from '../server/src/index/chunker.js';

/**
 * Re-chunk a bot's stored pages (documents.content is the extracted Markdown) with the product's
 * current chunker and replace its chunks, as a crawl with that chunker would have written them.
 * For evaluating chunking changes without a recrawl. Embeddings are not rebuilt.
 */
export async function rechunkBot(
  db: Db,
  chatbotId: string,
  chunker = new MarkdownChunker(),
): Promise<{ documents: number; chunks: number }> {
  const docs = await db.query<{ id: string; url: string; title: string; content: string; ts_config: string }>(
    'SELECT id::text AS id, url, title, content, ts_config FROM documents WHERE chatbot_id = $1 AND live ORDER BY url',
    [chatbotId],
  );
  await db.query('DELETE FROM chunks WHERE chatbot_id = $1', [chatbotId]);
  let chunks = 0;
  for (let i = 0; i < docs.length; i += 25) {
    const batch = docs.slice(i, i + 25);
    const rows = batch.flatMap((d) => chunker.chunk(d.title, d.content).map((c) => ({ doc: d, c })));
    if (rows.length === 0) continue;
    await db.query(
      // Each page's words in its own language's configuration (migration 028), as the crawl wrote them.
      `INSERT INTO chunks (document_id, chatbot_id, live, ordinal, url, title, heading_path, content, ts_config)
       SELECT c.doc::uuid, $1, true, c.ord, c.url, c.title, c.path, c.content, c.config
         FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
           AS c(doc, ord, url, title, path, content, config)`,
      [
        chatbotId,
        rows.map((r) => r.doc.id),
        rows.map((r) => r.c.ordinal),
        rows.map((r) => r.doc.url),
        rows.map((r) => r.doc.title),
        rows.map((r) => r.c.headingPath),
        rows.map((r) => r.c.content),
        rows.map((r) => r.doc.ts_config),
      ],
    );
    chunks += rows.length;
  }
  await rebuildTermStats(db, chatbotId);
  await db.query('VACUUM ANALYZE chunks');
  return { documents: docs.length, chunks };
}
