import { describe, expect, it } from 'vitest';
import type { PageHit, QueryTerm, RetrievedChunk } from '../../../src/answer/types.js';
import { cutAtFloor } from '../../../src/answer/retrieval/floor.js';
import { keepPlainFirst } from '../../../src/answer/retrieval/pages.js';
import { DEFAULT_PARAMS } from '../../../src/answer/retrieval/params.js';
import { idf, plainBm25, type TermHit } from '../../../src/answer/retrieval/scoring.js';

// Plain BM25's first page is never out of sight: whatever the ranking's extra evidence says, the
// page a plain keyword search puts first is among the pages offered (params.ts, plainSlot).

const chunk = (url: string, score: number, plain: number, coverage = 0.6): RetrievedChunk => ({
  id: url,
  url,
  title: url,
  headingPath: '',
  content: '',
  score,
  phrase: 0,
  coverage,
  matched: [],
  plain,
});
const page = (c: RetrievedChunk): PageHit => ({ url: c.url, title: c.title, score: c.score, coverage: c.coverage, chunks: [c] });
const term = (lexeme: string, df: number): QueryTerm => ({
  lexeme,
  positions: [0],
  df,
  idf: idf(df, 1000),
  scoreWeight: idf(df, 1000),
  coverageWeight: 1,
});

describe("plain BM25's first page", () => {
  const ranked = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((url, i) => chunk(url, 10 - i, url === 'g' ? 9 : 1));
  const pages = ranked.map(page);

  it('is moved up to the last of the first five when the ranking put it lower, the others keeping their order', () => {
    const out = keepPlainFirst(pages, ranked, 5);
    expect(out.map((p) => p.url)).toEqual(['a', 'b', 'c', 'd', 'g', 'e', 'f']);
    expect(keepPlainFirst(pages, ranked, 3).map((p) => p.url)).toEqual(['a', 'b', 'g', 'c', 'd', 'e', 'f']);
  });

  it('keeps its place when the ranking already offers it, and nothing moves with the slot off', () => {
    const early = ranked.map((c) => ({ ...c, plain: c.url === 'b' ? 9 : 1 }));
    expect(keepPlainFirst(pages, early, 5).map((p) => p.url)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(keepPlainFirst(pages, ranked, 0)).toBe(pages);
  });

  it('is cited only if its score earns it: the ranking still decides the sources', () => {
    const low = ranked.map((c) => (c.url === 'g' ? { ...c, score: 0.5 } : c));
    const moved = keepPlainFirst(low.map(page), low, 5);
    expect(moved[4]!.url).toBe('g');
    expect(cutAtFloor([], moved, 'answer', 0.9, 5, DEFAULT_PARAMS).pages.map((p) => p.url)).not.toContain('g');
    expect(cutAtFloor([], moved, 'answer', 0.9, 5, DEFAULT_PARAMS, true).pages.map((p) => p.url)).toContain('g');
  });

  it('is scored by textbook BM25: rarer words and more occurrences score higher, longer passages lower', () => {
    const terms = [term('rare', 2), term('common', 500)];
    const hit = (n: number): TermHit => ({ positions: Array.from({ length: n }, (_, i) => i + 1), weights: Array(n).fill('D') });
    const rare = plainBm25(terms, new Map([['rare', hit(1)]]), 50, 50);
    const common = plainBm25(terms, new Map([['common', hit(1)]]), 50, 50);
    expect(rare).toBeGreaterThan(common);
    expect(plainBm25(terms, new Map([['rare', hit(3)]]), 50, 50)).toBeGreaterThan(rare);
    expect(plainBm25(terms, new Map([['rare', hit(1)]]), 500, 50)).toBeLessThan(rare);
    expect(plainBm25(terms, new Map(), 50, 50)).toBe(0);
  });
});
