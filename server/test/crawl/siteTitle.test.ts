import { describe, expect, it } from 'vitest';
import { botNameFromTitles, MAX_NAME_CHARS } from '../../src/crawl/siteTitle.js';

const SAMPLE = ['Lumen documentation · Lumen', 'Installing Lumen · Lumen', 'Changelog · Lumen', 'Quick start · Lumen'];

describe('a bot named after its start page', () => {
  it('drops the suffix most of the site shares', () => {
    expect(botNameFromTitles(SAMPLE[0]!, SAMPLE)).toBe('Lumen documentation');
    const docs = ['Guide — Acme Docs', 'API — Acme Docs', 'FAQ — Acme Docs', 'Blog post — Other'];
    expect(botNameFromTitles('Guide — Acme Docs', docs)).toBe('Guide');
  });

  it('drops the longest shared suffix, and a shared prefix', () => {
    const titles = ['Setup · Docs | Acme', 'Install · Docs | Acme', 'Use · Docs | Acme'];
    expect(botNameFromTitles(titles[0]!, titles)).toBe('Setup');
    const prefixed = ['Acme: Getting started', 'Acme: Install', 'Acme: Configure'].map((t) => t.replace(': ', ' | '));
    expect(botNameFromTitles(prefixed[0]!, prefixed)).toBe('Getting started');
  });

  it("names a bot after the site when its start page is only 'Home'", () => {
    expect(botNameFromTitles('Home | Acme', ['Home | Acme', 'About | Acme', 'Pricing | Acme'])).toBe('Acme');
    expect(botNameFromTitles('Welcome · Lumen', ['Welcome · Lumen'])).toBe('Lumen');
  });

  it('on a page alone, drops the part after a strong separator but keeps a hyphen or colon', () => {
    expect(botNameFromTitles('Sourdough guide | Bakery Blog', ['Sourdough guide | Bakery Blog'])).toBe('Sourdough guide');
    expect(botNameFromTitles('Lumen - a static site generator', ['Lumen - a static site generator'])).toBe(
      'Lumen - a static site generator',
    );
    expect(botNameFromTitles('Python: the tutorial', [])).toBe('Python: the tutorial');
  });

  it('keeps a title nothing else shares whole, tidied and cut at a word when long', () => {
    const titles = ['Alpha | One', 'Beta | Two', 'Gamma | Three'];
    expect(botNameFromTitles('  Alpha |  One ', titles)).toBe('Alpha | One');
    const long = 'word '.repeat(40).trim();
    const name = botNameFromTitles(long, [long])!;
    expect(name.length).toBeLessThanOrEqual(MAX_NAME_CHARS);
    expect(name.endsWith('word…')).toBe(true);
  });

  it('has no name for a page without a title', () => {
    expect(botNameFromTitles('   ', SAMPLE)).toBeNull();
  });
});
