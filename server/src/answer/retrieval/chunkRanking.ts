import type { QueryTerm, RetrievedChunk } from '../types.js';
import type { CandidateRow } from './candidates.js';
import { scoreChunk, type TermHit } from './scoring.js';
import { parseChunkTsvector, parseTsvector } from './tsvectorText.js';

/** Candidate rows scored on the question's terms (scoring.ts), best first. */
export function rankChunks(terms: QueryTerm[], rows: CandidateRow[]): RetrievedChunk[] {
  const keywords = new Set(terms.filter((t) => t.keyword).map((t) => t.lexeme));
  const wanted = new Set(terms.flatMap((t) => (t.keyword ? (t.keywordNoun ? [t.keywordNoun] : []) : [t.lexeme])));
  const avgLen = rows.length ? rows.reduce((s, r) => s + Number(r.len), 0) / rows.length : 1;
  return rows
    .map((row) => {
      const { hits, title } = parseChunkTsvector(row.tsv, wanted);
      if (keywords.size > 0) for (const [lx, hit] of parseTsvector(row.kw ?? '', keywords)) hits.set(lx, { positions: hit.positions, weights: hit.positions.map(() => 'B') });
      dropUnpairedKeywords(terms, hits);
      addNameHits(terms, hits, [...title, ...urlWords(row.url)]);
      const { score, phrase, coverage, matched } = scoreChunk(terms, hits, Number(row.len), avgLen);
      return { ...toChunk(row, score, coverage, matched), phrase };
    })
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

/**
 * A keyword the question named with a noun ("with statement") counts only where a heading has the
 * noun too: "with" alone is in headings such as "Extending Python with C or C++".
 */
export function dropUnpairedKeywords(terms: QueryTerm[], hits: Map<string, TermHit>): void {
  for (const t of terms) {
    if (!t.keywordNoun || !hits.has(t.lexeme)) continue;
    if (!hits.get(t.keywordNoun)?.weights.some((w) => w === 'A' || w === 'B')) hits.delete(t.lexeme);
  }
}

/** Share of a title match that a prefix match with the page's name earns (see TermHit.nameShare). */
const NAME_PREFIX_SHARE = 0.5;
/** Shortest word taking part in prefix matching: shorter prefixes match too many unrelated names. */
const NAME_PREFIX_MIN = 4;

/**
 * Pages are often named after the thing they document, in a form the question does not use:
 * "authentication" for auth, "calculator" for calc, "uploader" for uploads. A question word that is
 * a prefix of a word of the page's title or URL path (or the other way round) is a weaker title
 * match. (No measurable effect on the dev set, whose page titles name their subject in full; it is
 * for sites whose pages are named after an API.)
 */
export function addNameHits(terms: QueryTerm[], hits: Map<string, TermHit>, names: string[]): void {
  const words = names.filter((n) => n.length >= NAME_PREFIX_MIN && /^[a-z][a-z0-9]*$/.test(n));
  if (words.length === 0) return;
  for (const t of terms) {
    const lx = t.lexeme;
    if (lx.length < NAME_PREFIX_MIN || !/^[a-z][a-z0-9]*$/.test(lx) || t.coverageWeight <= 0) continue;
    const hit = hits.get(lx);
    if (hit?.weights.includes('A')) continue;
    if (!words.some((n) => n !== lx && (n.startsWith(lx) || lx.startsWith(n)))) continue;
    hits.set(lx, { positions: hit?.positions ?? [], weights: hit?.weights ?? [], nameShare: NAME_PREFIX_SHARE });
  }
}

/** Words of a URL's path, without the file extension: `/docs/uploader.html` → docs, uploader. */
export function urlWords(url: string): string[] {
  let p: string;
  try {
    p = decodeURIComponent(new URL(url).pathname);
  } catch {
    return [];
  }
  return p
    .toLowerCase()
    .replace(/\.[a-z0-9]{1,5}$/, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function toChunk(row: CandidateRow, score: number, coverage: number, matched: string[]): RetrievedChunk {
  return {
    phrase: 0,
    id: row.id,
    url: row.url,
    title: row.title,
    headingPath: row.heading_path,
    content: '',
    score,
    coverage,
    matched,
  };
}
