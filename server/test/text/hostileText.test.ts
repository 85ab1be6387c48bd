import { describe, expect, it } from 'vitest';
import { toUnits } from '../../src/answer/extractive/sentences.js';
import { CitationRenumberer } from '../../src/answer/generation/citations.js';
import { decodeBody } from '../../src/crawl/charset.js';
import { extractPage } from '../../src/crawl/extract.js';
import { MarkdownChunker } from '../../src/index/chunker.js';
import { atxHeading } from '../../src/text/markdown.js';

// Each input below made one of the patterns these modules used backtrack for seconds to minutes.
const within = (ms: number, work: () => void) => {
  const t0 = performance.now();
  work();
  expect(performance.now() - t0).toBeLessThan(ms);
};

describe('ATX headings', () => {
  it('read as the pattern ^(#{1,6})\\s+(.+?)\\s*#*$ read them', () => {
    const old = (line: string) => {
      const m = /^(#{1,6})\s+(.+?)\s*#*$/.exec(line);
      return m && !line.includes('\n') ? { level: m[1]!.length, text: m[2]! } : undefined;
    };
    for (const line of [
      '# Title',
      '### Deep one ###',
      '## C#',
      '## a # b ##',
      '###### Six',
      '####### Seven',
      '#NoSpace',
      '# x',
      '#\tTab  ',
      '## Two\nlines',
    ])
      expect(atxHeading(line), line).toEqual(old(line));
  });

  it('are read in linear time on a hostile line', () => {
    const line = `#${' \t'.repeat(20_000)}x${' \t'.repeat(20_000)}`;
    within(1000, () => expect(atxHeading(line)?.text).toBe('x'));
    within(2000, () => new MarkdownChunker().chunk('T', `${line}\n\nBody text.`));
  });
});

describe('hostile page text', () => {
  it('code fences, page heads, trailing blanks and streamed lines cost time in proportion to their size', () => {
    within(2000, () => toUnits(`\`\`\`\ncode\n${'`'.repeat(300_000)}x`, 'https://site.example/', 'H'));
    within(1000, () => decodeBody(Buffer.from(`${'<META<'.repeat(340)}x`, 'latin1'), 'text/html'));
    expect(
      decodeBody(
        Buffer.from('<?xml version="1.0" encoding="iso-8859-1"?><meta http-equiv="x" charset="windows-1252">\x80', 'latin1'),
        'text/html',
      ),
    ).toContain('€');
    within(3000, () =>
      extractPage(`<main><h1>T</h1><pre>code${'\t'.repeat(200_000)}x</pre><p>${'Words. '.repeat(40)}</p></main>`, 'https://site.example/'),
    );
    const renumber = new CitationRenumberer(3);
    within(2000, () => {
      for (let i = 0; i < 200; i++) renumber.push(' \t'.repeat(10));
      renumber.push('x [1]\n');
      renumber.end();
    });
  });
});
