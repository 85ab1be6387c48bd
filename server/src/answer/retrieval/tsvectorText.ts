/** Reading PostgreSQL's tsvector text form in JS (measured 3-9x faster than unnesting it in SQL). */
import type { TermHit } from './scoring.js';

/**
 * Positions and weight labels of the wanted lexemes from a tsvector's text form, e.g.
 * `'quill':1A,3 'build':2C` (quotes inside a lexeme are doubled, backslashes escaped).
 */
export function parseTsvector(text: string, wanted: Set<string>): Map<string, TermHit> {
  return parseChunkTsvector(text, wanted).hits;
}

/**
 * parseTsvector, plus every lexeme of the title field (weight A). A scanner rather than a regular
 * expression: it reads every candidate's whole tsvector, and most of its entries are neither wanted
 * nor in the title, so those are skipped without building anything.
 */
export function parseChunkTsvector(text: string, wanted: Set<string>): { hits: Map<string, TermHit>; title: string[] } {
  const hits = new Map<string, TermHit>();
  const title: string[] = [];
  const n = text.length;
  let i = text.indexOf("'");
  while (i >= 0 && i < n) {
    // The lexeme, from after its opening quote to its closing one ('' is a quote, \x is x).
    let j = i + 1;
    let lexeme = '';
    let from = j;
    let closed = false;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === 92 /* \\ */) {
        if (j + 1 >= n || isLineEnd(text.charCodeAt(j + 1))) break;
        lexeme += text.slice(from, j) + text[j + 1];
        j += 2;
        from = j;
      } else if (c === 39 /* ' */) {
        if (text.charCodeAt(j + 1) === 39) {
          lexeme += text.slice(from, j) + "'";
          j += 2;
          from = j;
        } else {
          lexeme += text.slice(from, j);
          closed = true;
          break;
        }
      } else j++;
    }
    // Not a lexeme after all (never in PostgreSQL's output): look from the next quote, as a search would.
    if (!closed) {
      i = text.indexOf("'", i + 1);
      continue;
    }
    // Its positions: ':' then digits, weight labels and commas.
    let end = j + 1;
    let positionsText = '';
    if (text.charCodeAt(end) === 58 /* : */) {
      let k = end + 1;
      while (k < n && isPositionChar(text.charCodeAt(k))) k++;
      if (k > end + 1) {
        positionsText = text.slice(end + 1, k);
        end = k;
      }
    }
    if (!wanted.has(lexeme)) {
      if (positionsText.includes('A')) title.push(lexeme);
    } else {
      const positions: number[] = [];
      const weights: string[] = [];
      for (const p of positionsText.split(',')) {
        if (!p) continue;
        const label = /[A-D]$/.test(p) ? p.slice(-1) : 'D';
        positions.push(parseInt(p, 10));
        weights.push(label);
      }
      hits.set(lexeme, { positions, weights });
    }
    i = text.indexOf("'", end);
  }
  return { hits, title };
}

/** What a regular expression's `.` does not match. */
const isLineEnd = (c: number): boolean => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/** 0-9, A-D or a comma: what a tsvector entry's positions are written with. */
const isPositionChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 68) || c === 44;
