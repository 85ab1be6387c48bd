import { describe, expect, it } from 'vitest';
import { compoundParts, partCandidates, splitsCompounds } from '../../../src/answer/retrieval/compoundParts.js';

/** A site's vocabulary (stems, as its term statistics hold them). */
const site = (...lexemes: string[]) => {
  const known = new Set(lexemes);
  return (lx: string) => known.has(lx);
};

describe('compounds a visitor writes and the site does not', () => {
  it('reads a compound as two words the site writes, joining letters allowed', () => {
    expect(compoundParts('netzwerkpaket', site('netzwerk', 'paket'))).toEqual(['netzwerk', 'paket']);
    // Geschwindigkeit-s-begrenzung: the joining s is neither part's.
    expect(compoundParts('geschwindigkeitsbegrenz', site('geschwindigkeit', 'begrenz'))).toEqual(['geschwindigkeit', 'begrenz']);
    // The longest head the site has wins over a shorter one.
    expect(compoundParts('downloadgeschwindigk', site('down', 'download', 'geschwindigk', 'loadgeschwindigk'))).toEqual([
      'download',
      'geschwindigk',
    ]);
  });

  it('does not split when the site lacks either half, the word is short, or it is not letters only', () => {
    expect(compoundParts('netzwerkpaket', site('netzwerk'))).toBeUndefined();
    expect(compoundParts('netzwerkpaket', site('paket'))).toBeUndefined();
    expect(compoundParts('festplat', site('fest', 'plat'))).toEqual(['fest', 'plat']);
    expect(compoundParts('aufgibt', site('auf', 'gibt'))).toBeUndefined();
    expect(compoundParts('ipv6adresse', site('ipv6', 'adress'))).toBeUndefined();
    // More than two joining letters apart is not a compound of these two.
    expect(compoundParts('haustuerxyzschloss', site('haustuer', 'schloss'))).toBeUndefined();
  });

  it('offers every prefix and suffix of a long word for the one statistics read, none of a short one', () => {
    const c = partCandidates('netzwerkpaket');
    expect(c).toContain('netzwerk');
    expect(c).toContain('paket');
    expect(c.every((x) => x.length >= 4)).toBe(true);
    expect(partCandidates('paket')).toEqual([]);
  });

  it('splits in the Snowball languages other than English only', () => {
    expect(splitsCompounds('german')).toBe(true);
    expect(splitsCompounds('dutch')).toBe(true);
    expect(splitsCompounds('english')).toBe(false);
    expect(splitsCompounds('simple')).toBe(false);
  });
});
