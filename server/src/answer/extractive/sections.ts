/**
 * A retrieved chunk read in its section. The chunker cuts a long section into overlapping chunks, so
 * the sentence that states a fact is often at the end of the chunk before the one retrieval found,
 * or the start of the one after; and the chunk itself starts mid-sentence. Joined with the chunks it
 * overlaps, the section reads as the page does, and a quote can start at a sentence start.
 */
import type { Queryable } from '../../db/db.js';
import { fenceOf } from '../../text/markdown.js';
import { EXTRACTIVE_PARAMS } from './params.js';

export interface SectionText {
  content: string;
  /** Heading path where the joined text starts. */
  headingPath: string;
}

/** The joined section of each retrieved chunk, by chunk id (chunks it could not read are left out). */
export type SectionReader = (chunkIds: string[]) => Promise<Map<string, SectionText>>;

/** Shortest overlap taken as the chunker's, and how far to look for it (params.ts). */
const { minOverlap: MIN_OVERLAP, maxOverlap: MAX_OVERLAP } = EXTRACTIVE_PARAMS;

/**
 * `b` continued from `a`: the chunker starts a continuation chunk with the last words of the one
 * before. Undefined when `b` does not start with an end of `a` (it starts a section of its own).
 */
export function joinOverlapping(a: string, b: string): string | undefined {
  const end = a.trimEnd();
  const joined = joinAt(end, b);
  if (joined !== undefined) return joined;
  // A chunk cut inside code ends with a closing fence the page does not have, and the next opens the
  // code again before its overlap (chunker.ts): the code reads on as one block, as on the page.
  const eol = b.indexOf('\n');
  if (eol < 0 || !fenceOf(b.slice(0, eol))) return undefined;
  const code = b.slice(eol + 1);
  const lastEol = end.lastIndexOf('\n');
  return joinAt(end, code) ?? (lastEol > 0 && fenceOf(end.slice(lastEol + 1)) ? joinAt(end.slice(0, lastEol), code) : undefined);
}

function joinAt(end: string, b: string): string | undefined {
  for (let k = Math.min(MAX_OVERLAP, b.length, end.length); k >= MIN_OVERLAP; k--) {
    if (end.endsWith(b.slice(0, k))) return end + b.slice(k);
  }
  return undefined;
}

export function databaseSectionReader(db: Queryable): SectionReader {
  return async (chunkIds) => {
    const ids = chunkIds.filter((id) => /^\d{1,18}$/.test(id));
    const out = new Map<string, SectionText>();
    if (ids.length === 0) return out;
    const rows = await db.query<{ id: string; step: number; content: string; heading_path: string }>(
      // The chunk and its neighbours on the same page, of the same crawl (a refresh builds beside).
      `SELECT c.id::text AS id, (n.ordinal - c.ordinal)::int AS step, n.content, n.heading_path
         FROM chunks c
         JOIN chunks n ON n.document_id = c.document_id AND n.live = c.live AND n.ordinal BETWEEN c.ordinal - 1 AND c.ordinal + 1
        WHERE c.id = ANY($1::bigint[])
        ORDER BY c.id, n.ordinal`,
      [ids],
    );
    const byId = new Map<string, { step: number; content: string; heading_path: string }[]>();
    for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
    for (const [id, pieces] of byId) {
      const self = pieces.find((p) => p.step === 0);
      if (!self) continue;
      const before = pieces.find((p) => p.step === -1);
      const after = pieces.find((p) => p.step === 1);
      const withBefore = before ? joinOverlapping(before.content, self.content) : undefined;
      let content = withBefore ?? self.content;
      const withAfter = after ? joinOverlapping(content, after.content) : undefined;
      content = withAfter ?? content;
      out.set(id, { content, headingPath: withBefore !== undefined ? before!.heading_path : self.heading_path });
    }
    return out;
  };
}
