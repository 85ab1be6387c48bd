import { describe, expect, it } from 'vitest';
import { parseChunkTsvector, parseTsvector } from '../../../src/answer/retrieval/tsvectorText.js';

describe('parseChunkTsvector', () => {
  it('reads the wanted lexemes with their positions and labels, and the title lexemes', () => {
    const { hits, title } = parseChunkTsvector("'quill':1A,3 'build':2C,7 'site':4A 'page':5", new Set(['quill', 'page']));
    expect(Object.fromEntries(hits)).toEqual({
      quill: { positions: [1, 3], weights: ['A', 'D'] },
      page: { positions: [5], weights: ['D'] },
    });
    expect(title).toEqual(['site']);
  });

  it('decodes doubled quotes and backslash escapes as PostgreSQL writes them', () => {
    const text = String.raw`'it''s':1A 'a\\b':2B 'x\\''y':3 'two words':4A 'bare'`;
    const hits = parseTsvector(text, new Set(["it's", 'a\\b', "x\\'y", 'bare']));
    expect([...hits.keys()]).toEqual(["it's", 'a\\b', "x\\'y", 'bare']);
    expect(hits.get('bare')).toEqual({ positions: [], weights: [] });
    expect(parseChunkTsvector(text, new Set()).title).toEqual(["it's", 'two words']);
  });
});
