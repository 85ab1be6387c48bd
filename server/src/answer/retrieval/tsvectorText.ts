/** Reading PostgreSQL's tsvector text form in JS (measured 3-9x faster than unnesting it in SQL). */
import type { TermHit } from './scoring.js';

/**
 * Positions and weight labels of the wanted lexemes from a tsvector's text form, e.g.
 * `'quill':1A,3 'build':2C` (quotes inside a lexeme are doubled, backslashes escaped).
 */
export function parseTsvector(text: string, wanted: Set<string>): Map<string, TermHit> {
  return parseChunkTsvector(text, wanted).hits;
}

/** parseTsvector, plus every lexeme of the title field (weight A). */
export function parseChunkTsvector(text: string, wanted: Set<string>): { hits: Map<string, TermHit>; title: string[] } {
  const hits = new Map<string, TermHit>();
  const title: string[] = [];
  const re = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const lexeme = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    if (!wanted.has(lexeme)) {
      if (m[2]?.includes('A')) title.push(lexeme);
      continue;
    }
    const positions: number[] = [];
    const weights: string[] = [];
    for (const p of (m[2] ?? '').split(',')) {
      if (!p) continue;
      const label = /[A-D]$/.test(p) ? p.slice(-1) : 'D';
      positions.push(parseInt(p, 10));
      weights.push(label);
    }
    hits.set(lexeme, { positions, weights });
  }
  return { hits, title };
}
