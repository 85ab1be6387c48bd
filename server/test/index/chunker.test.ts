import { describe, expect, it } from 'vitest';
import { joinOverlapping } from '../../src/answer/extractive/sections.js';
import { codeAwareTail, overlapTail, splitLong } from '../../src/index/chunkCuts.js';
import { MarkdownChunker, splitBlocks } from '../../src/index/chunker.js';
import { FenceReader, markdownLines } from '../../src/text/markdown.js';

const md = [
  '# Guide',
  '',
  'Intro paragraph that is short.',
  '',
  '## Install',
  '',
  'Run the installer. It takes a minute or two to finish on most machines, depending on disk speed.',
  '',
  'Then restart the computer and log in again to see the new icon.',
  '',
  '### Linux',
  '',
  '```',
  'apt install foo',
  '',
  'apt install bar',
  '```',
  '',
  '## Use',
  '',
  'Open it.',
].join('\n');

describe('MarkdownChunker', () => {
  it('cuts at headings, carries the heading path and overlaps split sections (exact output)', () => {
    const chunks = new MarkdownChunker({ targetChars: 120, overlapChars: 20, minChars: 40 }).chunk('T', md);
    expect(chunks).toEqual([
      { ordinal: 0, title: 'T', headingPath: 'Guide', content: '# Guide\n\nIntro paragraph that is short.' },
      {
        ordinal: 1,
        title: 'T',
        headingPath: 'Guide > Install',
        content: '## Install\n\nRun the installer. It takes a minute or two to finish on most machines, depending on disk speed.',
      },
      {
        ordinal: 2,
        title: 'T',
        headingPath: 'Guide > Install',
        content: 'on disk speed.\n\nThen restart the computer and log in again to see the new icon.',
      },
      {
        ordinal: 3,
        title: 'T',
        headingPath: 'Guide > Install > Linux',
        content: '### Linux\n\n```\napt install foo\n\napt install bar\n```',
      },
      { ordinal: 4, title: 'T', headingPath: 'Guide > Use', content: '## Use\n\nOpen it.' },
    ]);
  });

  it('merges small sections into one chunk while it is below minChars', () => {
    const chunks = new MarkdownChunker({ targetChars: 200, overlapChars: 20, minChars: 100 }).chunk(
      'T',
      '# A\n\nalpha\n\n## B\n\nbeta\n\n## C\n\ngamma',
    );
    expect(chunks).toEqual([{ ordinal: 0, title: 'T', headingPath: 'A', content: '# A\n\nalpha\n\n## B\n\nbeta\n\n## C\n\ngamma' }]);
  });

  it("starts a section at each FAQ question, one level below its heading; a table of contents's bold lines are not questions", () => {
    const answer = (n: number) => `Answer ${n} says what to do, in a sentence long enough to stand alone in its own chunk.`;
    const md = `# FAQ\n\n## Setup\n\n**How do I install it?**\n\n${answer(1)}\n\n**Can I run it offline?**\n\n${answer(2)}\n\n## Contents\n\n**1. Why?**\n\n**2. Why not?**\n\n${answer(3)}`;
    const paths = new MarkdownChunker({ targetChars: 200, overlapChars: 20, minChars: 50 }).chunk('T', md).map((c) => c.headingPath);
    expect(paths).toEqual(['FAQ > Setup > How do I install it?', 'FAQ > Setup > Can I run it offline?', 'FAQ > Contents']);
  });

  it('pops the heading path when a shallower heading follows', () => {
    const c = new MarkdownChunker({ targetChars: 100, overlapChars: 10, minChars: 0 });
    const paths = c.chunk('T', '# A\n\nx\n\n## B\n\ny\n\n### C\n\nz\n\n## D\n\nw').map((ch) => ch.headingPath);
    expect(paths).toEqual(['A', 'A > B', 'A > B > C', 'A > D']);
  });

  it('splits an oversized paragraph into pieces no longer than maxChars', () => {
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const chunks = new MarkdownChunker({ targetChars: 200, overlapChars: 30, minChars: 50 }).chunk('T', long);
    expect(chunks.length).toBeGreaterThan(5);
    for (const ch of chunks) expect(ch.content.length).toBeLessThanOrEqual(300);
    // Nothing is lost: every sentence appears in some chunk.
    for (let i = 0; i < 60; i++) expect(chunks.some((ch) => ch.content.includes(`Sentence number ${i} is here.`))).toBe(true);
  });

  it('closes code cut at a chunk end and opens it again in the next chunk, lines whole and indented', () => {
    const code = Array.from({ length: 40 }, (_, i) => `    print("line ${i} of the example")`);
    const md = `# Title\n\nIntro that explains the example below.\n\n\`\`\`\n${code.join('\n')}\n\`\`\`\n\nAfter the code, a closing paragraph.`;
    const chunks = new MarkdownChunker({ targetChars: 400, overlapChars: 60, minChars: 100 }).chunk('T', md);
    expect(chunks.length).toBeGreaterThan(3);
    const codeLines = new Set<string>();
    for (const { content } of chunks) {
      const reader = new FenceReader();
      for (const line of markdownLines(content)) if (reader.next(line) === 'code') codeLines.add(line);
      expect(reader.inside, content).toBe(false); // every chunk's fences balance
      expect(content).not.toMatch(/^\S.*of the example"\)$/m); // no code line cut at a word, none unindented
    }
    expect(code.every((line) => codeLines.has(line))).toBe(true); // every line is read as code somewhere
    expect(chunks.at(-1)!.content).toMatch(/After the code, a closing paragraph\.$/);
    // Read back in its section, the code is one block again, as on the page.
    const joined = chunks.slice(1).reduce((text, c) => joinOverlapping(text, c.content) ?? `${text}\n\n${c.content}`, chunks[0]!.content);
    expect(joined).toContain(`\`\`\`\n${code.join('\n')}\n\`\`\``);
  });

  it('cuts a long table between rows, each piece with the header again, and takes no overlap from it', () => {
    const rows = Array.from({ length: 60 }, (_, i) => `| option${i} | what option ${i} does |`);
    const md = `# Options\n\nThe options are:\n\n| Option | Meaning |\n| --- | --- |\n${rows.join('\n')}`;
    const chunks = new MarkdownChunker({ targetChars: 400, overlapChars: 100, minChars: 100 }).chunk('T', md);
    const tables = chunks.filter((c) => c.content.includes('| option'));
    expect(tables.length).toBeGreaterThan(3);
    for (const { content } of tables) {
      const table = content.slice(content.indexOf('| Option | Meaning |'));
      expect(table.split('\n').slice(0, 2)).toEqual(['| Option | Meaning |', '| --- | --- |']);
      expect(table.split('\n').every((l) => /^\|.*\|$/.test(l))).toBe(true); // one table: rows only, whole
    }
    expect(tables.flatMap((c) => c.content.split('\n').filter((l) => l.startsWith('| option')))).toEqual(rows); // each row once
  });

  it('returns nothing for an empty document, one chunk for a heading-only one', () => {
    const c = new MarkdownChunker();
    expect(c.chunk('T', '')).toEqual([]);
    expect(c.chunk('T', '# Only a heading')).toEqual([{ ordinal: 0, title: 'T', headingPath: '', content: '# Only a heading' }]);
  });

  it('validates its options in the constructor', () => {
    expect(() => new MarkdownChunker({ targetChars: 10 })).toThrow(/targetChars must be at least 50/);
    expect(() => new MarkdownChunker({ targetChars: 100, maxChars: 50 })).toThrow(/maxChars/);
    expect(() => new MarkdownChunker({ targetChars: 100, overlapChars: 60 })).toThrow(/overlapChars/);
    expect(() => new MarkdownChunker({ targetChars: 100, overlapChars: 10, minChars: 200 })).toThrow(/minChars/);
    expect(() => new MarkdownChunker({ targetChars: 100.5 })).toThrow(/integer/);
  });
});

describe('chunker helpers', () => {
  it('keeps fenced code whole, blank lines included', () => {
    expect(splitBlocks('a\n\n```\nx\n\ny\n```\n\nb')).toEqual(['a', '```\nx\n\ny\n```', 'b']);
  });
  it('cuts long text at sentence boundaries', () => {
    expect(splitLong('One two three. Four five six. Seven eight nine.', 30)).toEqual([
      'One two three. Four five six.',
      'Seven eight nine.',
    ]);
  });
  it('takes an overlap that starts in code as whole lines of that code, and one that starts on a closing fence after it', () => {
    const text = 'Intro.\n\n```\n   first line of code\n   second line of code\n   ```\n\nAfter the code, prose.';
    // The overlap starts at the closing fence's backticks, after its indent.
    expect(codeAwareTail(text, text.length - text.lastIndexOf('  ```'))).toEqual({ tail: 'After the code, prose.', open: undefined });
    // It starts in the middle of a code line: that line goes, the next chunk opens the code again.
    const inCode = codeAwareTail(text, text.length - text.indexOf('line of code'));
    expect(inCode).toEqual({ tail: '   second line of code\n   ```\n\nAfter the code, prose.', open: { char: '`', length: 3, info: '' } });
  });
  it('takes the overlap from a word boundary', () => {
    expect(overlapTail('alpha beta gamma delta', 8)).toBe('delta');
  });
});
