import { describe, expect, it } from 'vitest';
import { inertMarkdown } from '../../src/answer/extractive/inert.js';
import { absolutizeLinks, toPlain, toUnits } from '../../src/answer/extractive/sentences.js';
import { passageText } from '../../src/embeddings/passageText.js';

describe('Markdown links in page text', () => {
  it('are read as before: text kept, targets made absolute, images dropped, titles allowed', () => {
    expect(toPlain('See [the *guide*](/guide.html) and [`x`](x.html) now.')).toBe('See the guide and x now.');
    expect(
      absolutizeLinks('See [the guide](guide.html "Guide") and [mail](mailto:a@b.c) ![x](/x.png).', 'https://site.example/docs/'),
    ).toBe('See [the guide](https://site.example/docs/guide.html) and mail .');
    expect(absolutizeLinks('[spaced](  <a b.html>  )', 'https://site.example/')).toBe('[spaced](  <a b.html>  )'); // not a link target
    expect(inertMarkdown('An ![img](https://tracker.example/p.gif) and ![ref][r].')).toBe('An img and ref.');
    expect(passageText({ title: 'T', headingPath: '', content: 'Read [this](/x) ![pic](/p.png).' })).toBe('T. Read this pic.');
  });

  it('cost time in proportion to the text on hostile input, not to its square', () => {
    // "[a](" × 100,000 never closes a link: each "[" made the old patterns scan to the end (30-60 s).
    // Four times the text must take about four times as long (sixteen if quadratic); a ratio rather
    // than a time limit, so that a loaded machine (the suite beside other work) slows both alike.
    const run = (n: number) => {
      const hostile = '[a]('.repeat(n);
      const t0 = performance.now();
      toPlain(hostile);
      absolutizeLinks(hostile, 'https://site.example/');
      inertMarkdown('!['.repeat(2 * n));
      passageText({ title: 'T', headingPath: '', content: '['.repeat(4 * n) });
      expect(toUnits(hostile, 'https://site.example/', 'H').length).toBeGreaterThan(0);
      return performance.now() - t0;
    };
    run(5_000); // warm-up: compiled code for both runs
    const small = run(25_000);
    const large = run(100_000);
    expect(large).toBeLessThan(8 * Math.max(small, 50));
  }, 60_000);
});
