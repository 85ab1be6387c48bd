import { generalWordsFor } from './generalWords.js';

/**
 * Two words a visitor writes apart that a site writes as one: "file system" on a site that says
 * "filesystem", "log in" / "login", "data base" / "database", "Netzwerk Karte" / "Netzwerkkarte".
 * Each pair of neighbouring words in a clause, joined, is a word to look up; retrieval keeps only
 * those the site writes (questionRead.ts), so a join that is no word costs nothing. Not a pair of
 * two general words ("can not", "to do": the join would be a question's filler read as content),
 * nor a join that is itself a general word ("cannot", "maybe").
 */
export interface ClosedJoin {
  joined: string;
  parts: [string, string];
}

/** At most this many joins a question: the first pairs of a long one. */
const MAX_JOINS = 16;

/** Every pair of neighbouring words in the question's clauses, joined (the language is not known yet). */
export function closedJoins(text: string): ClosedJoin[] {
  const out = new Map<string, ClosedJoin>();
  for (const clause of text.split(/[,.;:?!()"“”«»\n]+/)) {
    const words = (clause.match(/[\p{L}\p{M}]+/gu) ?? []).map((w) => w.toLowerCase());
    for (let i = 0; i + 1 < words.length && out.size < MAX_JOINS; i++) {
      const [a, b] = [words[i]!, words[i + 1]!];
      if (a.length >= 2 && b.length >= 2 && !out.has(a + b)) out.set(a + b, { joined: a + b, parts: [a, b] });
    }
  }
  return [...out.values()];
}

/**
 * Whether a join is worth reading in the question's language: two words that say something, not a
 * general word with another ("new file": the site's "newfile" is a name in an example), nor a join
 * that is itself a general word ("cannot", "maybe"). Stop words are the configuration's own
 * business: a join of one ("my program", "set up") has one lexeme of its parts (questionRead.ts).
 */
export function joinReads(join: ClosedJoin, config: string): boolean {
  const general = generalWordsFor(config);
  if (!general) return true;
  return !general.has(join.parts[0]) && !general.has(join.parts[1]) && !general.has(join.joined);
}
