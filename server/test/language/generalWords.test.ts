import { describe, expect, it } from 'vitest';
import { generalWordsFor } from '../../src/language/generalWords.js';
import { withoutGeneralWords } from '../../src/answer/retrieval/queryAnalysis.js';

/**
 * General words phrase a question rather than name its subject; retrieval counts them for less and
 * never reads one the site lacks as a gap. Every language with a published list has them, not only
 * English, so a German visitor's "irgendwie" or "bald" is read like an English visitor's "somehow".
 */
describe('general words of a language', () => {
  it("keeps English's SMART list and finds a list for the other Snowball languages", () => {
    expect(generalWordsFor('english')?.has('somehow')).toBe(true);
    expect(generalWordsFor()?.has('somehow')).toBe(true);
    expect(generalWordsFor('german')?.has('bald')).toBe(true);
    expect(generalWordsFor('spanish')?.has('puedo')).toBe(true);
    expect(generalWordsFor('french')?.has('quelque')).toBe(true);
    // Norwegian is listed under one of its three codes.
    expect(generalWordsFor('norwegian')?.size).toBeGreaterThan(100);
  });

  it('has none for simple, an unknown configuration, or a Snowball language without a list', () => {
    expect(generalWordsFor('simple')).toBeUndefined();
    expect(generalWordsFor('klingon')).toBeUndefined();
    expect(generalWordsFor('tamil')).toBeUndefined();
  });

  it('drops the general words of a German question, umlauts included, and keeps its subject', () => {
    const read = withoutGeneralWords('Wie kann ich später prüfen, ob die Festplatte bald ausfällt?', generalWordsFor('german'));
    expect(read.replace(/\s+/g, ' ').trim()).toBe('prüfen, Festplatte ausfällt?');
  });

  it('leaves a question as it is for a language without a list', () => {
    expect(withoutGeneralWords('Wie kann ich das tun?', undefined)).toBe('Wie kann ich das tun?');
  });

  it('reads an English question exactly as before', () => {
    expect(withoutGeneralWords("What's really the best way to use obj.use() or use_it?").replace(/\s+/g, ' ').trim()).toBe(
      'the to obj.use() or use_it?',
    );
  });
});
