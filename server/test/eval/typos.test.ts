import { describe, expect, it } from 'vitest';
import { misspell, seededRandom, withTypos } from '../../../eval/typos.js';

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

const changedWords = (a: string, b: string) => {
  const x = a.split(' ');
  const y = b.split(' ');
  return x.map((w, i) => [w, y[i]!] as const).filter(([w, v]) => w !== v);
};

describe('typing slips for the harness', () => {
  it('gives a question the same slips on every run, and another question other slips', () => {
    const q = 'How do I configure a different editor for commit messages?';
    expect(withTypos('g01', q)).toBe(withTypos('g01', q));
    expect(withTypos('g01', q)).not.toBe(q);
    expect(new Set(['a', 'b', 'c', 'd', 'e'].map((id) => withTypos(id, q))).size).toBeGreaterThan(1);
  });

  it('makes each slip one edit in a word, never in its first letter, keeping its capital', () => {
    const rnd = seededRandom('x');
    for (let i = 0; i < 500; i++) {
      const word = i % 2 ? 'Repository' : 'configuration';
      const out = misspell(word, rnd);
      expect(distance(word.toLowerCase(), out.toLowerCase())).toBe(1);
      expect(out[0]).toBe(word[0]);
    }
  });

  it('slips once in a short question and twice in a long one, on typed words only', () => {
    const short = 'Where is the configuration stored?';
    expect(changedWords(short, withTypos('s1', short))).toHaveLength(1);
    const long =
      'Whenever somebody pushes changes to the shared repository, the continuous integration server rebuilds everything from scratch again';
    expect(changedWords(long, withTypos('l1', long))).toHaveLength(2);
    const code = 'Why does `json.dumps` fail on git-stash and logs/keep.txt with ENOENT?';
    expect(withTypos('c1', code)).toBe(code);
  });
});
