import { describe, expect, it } from 'vitest';
import { EXTRACTIVE_PARAMS, EXTRACTIVE_RANGES, extractiveParams } from '../../src/answer/extractive/params.js';
import { FullTextRetriever } from '../../src/answer/retrieval/retriever.js';
import { CANDIDATE_LIMITS, DEFAULT_PARAMS, PARAM_RANGES, READING, READING_RANGES, withParams } from '../../src/answer/retrieval/params.js';
import { checkKnobs } from '../../src/answer/knobRanges.js';
import { MAX_QUERY_TERMS } from '../../src/answer/retrieval/queryText.js';
import type { Queryable } from '../../src/db/db.js';

/**
 * Issue #37 item 5: every knob has a range, checked when a set of knobs is built or injected, and a
 * value outside it is refused naming the knob and the range (an evaluation sweep with a typo must
 * fail at once, not quietly measure something else).
 */
const noDb: Queryable = { query: () => Promise.reject(new Error('no database in this test')) };

describe('retrieval knobs', () => {
  it('the product values are within their ranges, and every knob has one', () => {
    expect(Object.keys(PARAM_RANGES).sort()).toEqual(Object.keys(DEFAULT_PARAMS).sort());
    expect(withParams()).toEqual(DEFAULT_PARAMS);
    expect(CANDIDATE_LIMITS).toEqual({ relaxed: 60, rare: 25, combo: 60, strict: 40 });
  });

  it('refuses a value outside its range, naming the knob and the range', () => {
    expect(() => withParams({ answerFloor: 1.5 })).toThrow('retrieval knob answerFloor = 1.5: must be in 0..1');
    expect(() => withParams({ pageB: -0.1 })).toThrow(/pageB = -0\.1: must be in 0\.\.1/);
    expect(() => withParams({ floorPages: 2.5 })).toThrow('retrieval knob floorPages = 2.5: must be a whole number in 1..20');
    expect(() => withParams({ k1: Number.NaN })).toThrow(/k1 = NaN/);
    expect(() => withParams({ nosuchKnob: 1 } as never)).toThrow('retrieval: no knob named nosuchKnob');
  });

  it("holds how a question's words are read too, fixed and in range, and the readers use those values", () => {
    expect(READING.maxQueryTerms).toBe(24);
    expect(MAX_QUERY_TERMS).toBe(READING.maxQueryTerms);
    expect(READING.compoundMinWord).toBe(8);
    expect(Object.isFrozen(READING)).toBe(true);
    expect(() => checkKnobs('question reading', { ...READING, compoundJoin: 9 }, READING_RANGES)).toThrow(
      /compoundJoin = 9: must be a whole number in 0\.\.5/,
    );
  });

  it('checks what is injected into a retriever', () => {
    expect(() => new FullTextRetriever(noDb, undefined, { params: { vectorCandidates: 0 } })).toThrow(/vectorCandidates = 0/);
    expect(() => new FullTextRetriever(noDb, undefined, { params: { pageK1: 2 } })).not.toThrow();
  });
});

describe('extractive knobs', () => {
  it('the product values are within their ranges, and every knob has one', () => {
    expect(Object.keys(EXTRACTIVE_RANGES).sort()).toEqual(Object.keys(EXTRACTIVE_PARAMS).sort());
    expect(EXTRACTIVE_PARAMS.mainWords).toBe(120);
  });

  it('refuses a value outside its range, naming the knob and the range', () => {
    expect(() => extractiveParams({ ...EXTRACTIVE_PARAMS, keepShare: 2 })).toThrow('extractive knob keepShare = 2: must be in 0..1');
    expect(() => extractiveParams({ ...EXTRACTIVE_PARAMS, maxSupports: -1 })).toThrow(
      /maxSupports = -1: must be a whole number in 0\.\.10/,
    );
    expect(() => extractiveParams({ ...EXTRACTIVE_PARAMS, minOverlap: 500, maxOverlap: 400 })).toThrow(
      /minOverlap = 500: must be at most maxOverlap/,
    );
  });
});
