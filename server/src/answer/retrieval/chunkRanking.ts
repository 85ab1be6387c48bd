import type { QueryTerm, RetrievedChunk } from '../types.js';
import type { CandidateRow } from './candidates.js';
import { plainBm25, scoreChunk, type TermHit } from './scoring.js';
import { parseChunkTsvector, parseTsvector } from './tsvectorText.js';
import { READING, type RetrievalParams } from './params.js';

/** Candidate rows scored on the question's terms (scoring.ts), best first. `avgLen`: the bot's mean chunk length. */
export function rankChunks(terms: QueryTerm[], rows: CandidateRow[], avgLen: number, p: RetrievalParams): RetrievedChunk[] {
  const wanted = new Set(terms.map((t) => t.lexeme));
  return rows
    .map((row) => {
      const { hits, title } = parseChunkTsvector(row.tsv, wanted);
      // Before the name hits below: plain BM25 reads the passage's own words only.
      const plain = plainBm25(terms, hits, Number(row.len), avgLen);
      addWholeNameHits(terms, hits);
      addNameHits(terms, hits, [...title, ...urlWords(row.url)]);
      const anchored = new Set(row.anchor ? parseTsvector(row.anchor, wanted).keys() : []);
      const { score, phrase, coverage, matched } = scoreChunk(terms, hits, Number(row.len), avgLen, p, anchored);
      return { ...toChunk(row, score, coverage, matched), phrase, plain };
    })
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

/**
 * A passage that writes a dotted or slashed name whole ("/tmp", "sitemap.xml") holds its parts too,
 * but the parser indexes only the whole: the parts take the whole's occurrences. Without this, a
 * question's "/tmp" ranked pages saying "tmp" on its own above the page about /tmp.
 */
export function addWholeNameHits(terms: QueryTerm[], hits: Map<string, TermHit>): void {
  for (const t of terms) {
    if (t.whole === undefined || hits.has(t.lexeme)) continue;
    const whole = hits.get(t.whole);
    if (whole && whole.positions.length > 0) hits.set(t.lexeme, whole);
  }
}

/** Share of a title match that a prefix match with the page's name earns (see TermHit.nameShare). */
const NAME_PREFIX_SHARE = READING.namePrefixShare;
/** Shortest word taking part in prefix matching: shorter prefixes match too many unrelated names. */
const NAME_PREFIX_MIN = READING.namePrefixMin;
/** Shortest question word matched as the end of a compound name ("ignor" of "gitignore"). */
const NAME_SUFFIX_MIN = READING.nameSuffixMin;

/**
 * Pages are often named after the thing they document, in a form the question does not use:
 * "authentication" for auth, "calculator" for calc, "uploader" for uploads. A question word that is
 * a prefix of a word of the page's title or URL path (or the other way round) is a weaker title
 * match; so is one that ends a compound name ("gitignore", "gitattributes", "dataclasses": a tool's
 * pages are often named after it plus the subject). (Prefixes: no measurable effect on the dev
 * sites, whose page titles name their subject in full; they are for sites whose pages are named after
 * an API. Compound ends: one pydocs question gained, none lost on any site; eval/README.md.)
 */
export function addNameHits(terms: QueryTerm[], hits: Map<string, TermHit>, names: string[]): void {
  const words = names.filter((n) => n.length >= NAME_PREFIX_MIN && /^[a-z][a-z0-9]*$/.test(n));
  if (words.length === 0) return;
  for (const t of terms) {
    const lx = t.lexeme;
    if (lx.length < NAME_PREFIX_MIN || !/^[a-z][a-z0-9]*$/.test(lx) || t.coverageWeight <= 0) continue;
    const hit = hits.get(lx);
    if (hit?.weights.includes('A')) continue;
    const named = (n: string) => n !== lx && (n.startsWith(lx) || lx.startsWith(n) || (lx.length >= NAME_SUFFIX_MIN && n.endsWith(lx)));
    if (!words.some(named)) continue;
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
