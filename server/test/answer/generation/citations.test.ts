import { describe, expect, it } from 'vitest';
import { CitationRenumberer } from '../../../src/answer/generation/citations.js';

/** Streams `text` in pieces of `size` characters and returns what was shown and the citation order. */
function run(text: string, passages: number, size = text.length || 1): { shown: string; cited: number[]; deltas: string[] } {
  const r = new CitationRenumberer(passages);
  const deltas: string[] = [];
  for (let i = 0; i < text.length; i += size) {
    const out = r.push(text.slice(i, i + size));
    if (out) deltas.push(out);
  }
  const tail = r.end();
  if (tail) deltas.push(tail);
  return { shown: deltas.join(''), cited: r.cited(), deltas };
}

describe('citation renumbering', () => {
  it('numbers citations in order of first use and lists the pages in that order', () => {
    const { shown, cited } = run('Install with npm [3]. Upgrade the same way [3], then configure it [1].', 5);
    expect(shown).toBe('Install with npm [1]. Upgrade the same way [1], then configure it [2].');
    expect(cited).toEqual([2, 0]);
  });

  it('gives the same text however the stream is cut', () => {
    const text = 'See [2] and [4, 2]; `a[1]` and\n```\nnums = [1, 2, 3]\n```\nitems[1] is [1](https://x.test) not [9], but [1] is.';
    const whole = run(text, 4).shown;
    expect(whole).toBe('See [1] and [2][1]; `a[1]` and\n```\nnums = [1, 2, 3]\n```\nitems[1] is [1](https://x.test) not [9], but [3] is.');
    for (let size = 1; size <= 7; size++) expect(run(text, 4, size).shown, `pieces of ${size}`).toBe(whole);
  });

  it('leaves code, indexing, links and numbers that are not passages alone', () => {
    expect(run('~~~\nx = [2]\n~~~\nNo citation: arr[2], [2](u), [0], [7].', 3).shown).toBe(
      '~~~\nx = [2]\n~~~\nNo citation: arr[2], [2](u), [0], [7].',
    );
    expect(run('Cited [1].', 0).shown).toBe('Cited [1].');
  });

  it('holds back only what could still become a citation, and lets it out at the end', () => {
    const r = new CitationRenumberer(3);
    expect(r.push('Use npm [')).toBe('Use npm ');
    expect(r.push('3')).toBe('');
    expect(r.push(']')).toBe('');
    expect(r.push('.')).toBe('[1].');
    expect(r.push(' Or brew [')).toBe(' Or brew ');
    expect(r.end()).toBe('[');
  });
});
