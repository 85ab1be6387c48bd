import { describe, expect, it } from 'vitest';
import { patternProblem, urlFilter } from '../../src/crawl/urlPatterns.js';

const keep = (include: string[], exclude: string[] = []) => urlFilter({ include, exclude })!;
const O = 'https://docs.example.com';

describe('URL patterns', () => {
  it('match the path and query: * within a segment, ** across, ? one character', () => {
    const f = keep(['/docs/*.html']);
    expect(f(`${O}/docs/a.html`)).toBe(true);
    expect(f(`${O}/docs/sub/a.html`)).toBe(false);
    expect(keep(['/docs/**'])(`${O}/docs/sub/a.html`)).toBe(true);
    expect(keep(['/docs/**'])(`${O}/blog/a.html`)).toBe(false);
    expect(keep(['**/*.pdf'])(`${O}/files/x/report.pdf`)).toBe(true);
    expect(keep(['/v?/*'])(`${O}/v2/intro`)).toBe(true);
    expect(keep(['/v?/*'])(`${O}/v10/intro`)).toBe(false);
    expect(keep(['/search*'])(`${O}/search?q=x`)).toBe(true);
    expect(keep(['/docs/**/index.html'])(`${O}/docs/index.html`)).toBe(true);
    expect(keep(['/docs/**/index.html'])(`${O}/docs/a/b/index.html`)).toBe(true);
  });

  it('match the whole URL when the pattern names a scheme, and exclude wins over include', () => {
    expect(keep([`${O}/docs/**`])(`${O}/docs/a`)).toBe(true);
    expect(keep([`${O}/docs/**`])(`https://other.example.com/docs/a`)).toBe(false);
    const f = keep(['/docs/**'], ['/docs/old/**']);
    expect(f(`${O}/docs/new/a`)).toBe(true);
    expect(f(`${O}/docs/old/a`)).toBe(false);
    expect(keep([], ['/private/**'])(`${O}/public/a`)).toBe(true);
    expect(urlFilter({ include: [], exclude: [] })).toBeUndefined();
  });

  it('a hostile pattern stays linear: many stars against a long URL answers at once', () => {
    const pattern = '/' + '*a'.repeat(60) + 'b';
    expect(patternProblem(pattern)).toBeUndefined();
    const url = `${O}/${'a'.repeat(2000)}`;
    // A backtracking regular expression would take astronomically long here; the automaton is
    // bounded by pattern length × URL length (about 240,000 steps).
    expect(keep([pattern])(url)).toBe(false);
    expect(keep(['/' + '**a'.repeat(60)])(url)).toBe(true);
  });

  it('explain what is wrong with a pattern', () => {
    expect(patternProblem('')).toBe('A pattern cannot be empty.');
    expect(patternProblem('docs/*')).toContain('must start with / or *');
    expect(patternProblem('javascript:alert(1)')).toContain('must start with / or *');
    expect(patternProblem('/a\tb')).toContain('space or control character');
    expect(patternProblem('/ok/**')).toBeUndefined();
  });
});
