import type { CorpusStats } from '../../db/repositories/termStats.js';
import type { Picked } from './wordReadings.js';
import type { ClosedRead } from './questionRead.js';

/**
 * The join must be a word the site uses, in at least two passages and one in a thousand: a name in
 * a code example ("typehint" of the Python docs, written once) is not the visitor's two words.
 */
const CLOSED_MIN_SHARE = 0.001;

/**
 * Two neighbouring words of the question that the site writes as one ("file system" on pages that
 * say "filesystem", language/closedWords.ts) are read as that word too: a compound of the two,
 * which counts as a dotted name does. A passage that writes it holds both words (their `whole`),
 * and the join adds a little of its own weight, as a compound found as written does. Each word
 * belongs to one join at most.
 */
export function readClosedWords(chosen: Picked[], closed: ClosedRead[], stats: CorpusStats): void {
  const least = Math.max(2, Math.ceil(stats.total * CLOSED_MIN_SHARE));
  for (const k of closed) {
    if ((stats.df.get(k.lexeme) ?? 0) < least || chosen.some((r) => r.lexeme === k.lexeme)) continue;
    const words = chosen.filter(
      (r) => k.parts.includes(r.lexeme) && r.whole === undefined && r.parts.length === 0 && !r.joined && r.variantOf === undefined,
    );
    if (words.length === 0) continue;
    for (const w of words) w.whole = k.lexeme;
    chosen.push({ lexeme: k.lexeme, positions: words.flatMap((w) => w.positions), general: false, parts: words.map((w) => w.lexeme) });
  }
}
