import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CitationRenumberer } from '../../src/answer/generation/citations.js';
import { inertMarkdown } from '../../src/answer/extractive/inert.js';
import { splitBlocks as extractiveBlocks } from '../../src/answer/extractive/blocks.js';
import { distinctLineKeys } from '../../src/crawl/lineKeys.js';
import { MarkdownChunker } from '../../src/index/chunker.js';
import { closesFence, fenceOf, fencedCode, FenceReader, splitBlocks, withoutFencedCode } from '../../src/text/markdown.js';

describe('one reading of code fences', () => {
  it('reads fences as CommonMark does, through the quotes and lists the writer nests code in', () => {
    expect(fenceOf('```python')).toEqual({ char: '`', length: 3, info: 'python' });
    expect(fenceOf('~~~~')).toEqual({ char: '~', length: 4, info: '' });
    expect(fenceOf('  > - ```js')).toMatchObject({ char: '`', info: 'js' });
    expect(fenceOf('``not a fence')).toBeUndefined();
    expect(fenceOf('```a``` b')).toBeUndefined(); // inline code, not a fence
    expect(fenceOf('      ```')).toBeDefined();
    expect(fenceOf('      ```', { maxIndent: 3 })).toBeUndefined();
    expect(fenceOf('- ```', { maxIndent: 3 })).toBeUndefined();
    const open = fenceOf('````')!;
    expect(closesFence('```', open)).toBe(false); // shorter
    expect(closesFence('~~~~', open)).toBe(false); // other character
    expect(closesFence('`````', open)).toBe(true);
    expect(closesFence('```` python', open)).toBe(false); // a closing fence has no info string
  });

  it('tells each line its role, with a block left open running to the end', () => {
    const reader = new FenceReader();
    const roles = ['text', '```py', 'x = 1', '```python', '```', 'after', '~~~', 'open'].map((l) => reader.next(l));
    expect(roles).toEqual(['text', 'open', 'code', 'code', 'close', 'text', 'open', 'code']);
    expect(reader.inside).toBe(true);
  });

  it('splits blocks on blank lines, never inside code; headings or fences alone on request', () => {
    const md = 'Intro\n## Title\ntext\n\n```\na\n\nb\n```\nafter';
    expect(splitBlocks(md)).toEqual(['Intro\n## Title\ntext', '```\na\n\nb\n```\nafter']);
    expect(splitBlocks(md, { headingsAlone: true })).toEqual(['Intro', '## Title', 'text', '```\na\n\nb\n```\nafter']);
    expect(splitBlocks(md, { fencesAlone: true })).toEqual(['Intro\n## Title\ntext', '```\na\n\nb\n```', 'after']);
  });

  it('drops fenced code (for snippets and embedded passages), open or closed', () => {
    expect(withoutFencedCode('a\n```\ncode\n```\nb\n~~~\nrest')).toBe('a\n \nb\n ');
  });

  it('fences any code so that every reader finds exactly that block again', () => {
    const line = fc.stringMatching(/^[ a-z`~>#\-[\]1.]{0,12}$/);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (codeLines) => {
        const code = codeLines.join('\n');
        const block = fencedCode(code);
        const md = `Before it.\n\n${block}\n\nAfter it.`;
        expect(splitBlocks(md, { fencesAlone: true })).toEqual(['Before it.', block, 'After it.']);
        expect(extractiveBlocks(md)).toEqual(['Before it.', block, 'After it.']);
        expect(withoutFencedCode(md)).toBe('Before it.\n\n \n\nAfter it.');
        // Boilerplate keys never come from code lines.
        expect(distinctLineKeys(md)).toHaveLength(2);
        // The chunker keeps the block whole.
        const chunks = new MarkdownChunker({ targetChars: 4000 }).chunk('Page', md);
        expect(chunks.map((c) => c.content).join('\n\n')).toContain(block);
      }),
      { numRuns: 300 },
    );
  });

  it('is the reading of the citation renumberer, even when a fence streams in pieces', () => {
    const r = new CitationRenumberer(3);
    const pieces = ['See [3].\n~', '~~\n```\nitems[2] and [2]\n', '~~', '~\nThen [2].'];
    const out = pieces.map((p) => r.push(p)).join('') + r.end();
    expect(out).toBe('See [1].\n~~~\n```\nitems[2] and [2]\n~~~\nThen [2].');
  });

  it('is the reading of the answer escaper, which follows the renderer (indent of 3 at most)', () => {
    expect(inertMarkdown('```\n<b>code</b>\n```\n<img src=x>')).toBe('```\n<b>code</b>\n```\n&lt;img src=x>');
    // Four spaces: the renderer sees an indented line, not a fence, so what follows is escaped.
    expect(inertMarkdown('    ```\n<img src=x>\n```')).toBe('    ```\n&lt;img src=x>\n```');
    // A `<` the writer escaped stays as it is (escaped twice, the visitor read "&lt;"); after an escaped
    // backslash a `<` is bare again, and escaped.
    expect(inertMarkdown('**\\<sha1\\>**: the full name')).toBe('**\\<sha1\\>**: the full name');
    expect(inertMarkdown('a \\\\<img src=x> b')).toBe('a \\\\&lt;img src=x> b');
  });
});
