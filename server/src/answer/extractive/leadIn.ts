import type { LexedUnit, Window, WindowQuery } from './window.js';
import { announces, isBlock, wordCount } from './unitSize.js';

/**
 * A window that ends on a sentence announcing what follows ("you can use the -L option like so:",
 * "run:") goes on with the unit it announces, past the word budget if need be: the announcement
 * alone names the fact without stating it. Not when that unit is a code block or table and the
 * quote may hold none. When the window holds its allowance of them already, before the
 * announcement, and the sentences after the last of them say at least as much of the question as
 * what comes before, the quote starts after it instead ("To limit APT's download bandwidth, set:"
 * and its setting, not the previous setting of the section and then the announcement alone);
 * otherwise the announced block comes too, past the allowance (shortened as any block is, blocks.ts).
 * When nothing it could announce follows, the announcement is left out.
 */
export function completeLeadIn(units: LexedUnit[], w: Window, q: WindowQuery): Window {
  const last = units[w.end]!.unit;
  const next = units[w.end + 1]?.unit;
  if (!announces(last, next)) return w;
  // What it announces is not here (the chunk ends, or another section starts): the quote ends on the
  // sentence before, rather than on a colon with nothing after it.
  if (!next || dangles(units, w.end)) return w.end > w.start ? { ...w, end: w.end - 1, words: w.words - wordCount(last) } : w;
  if (isBlock(next)) {
    if (!q.blocks) return w;
    const blocks = units.slice(w.start, w.end + 1).filter((u) => isBlock(u.unit)).length;
    const alone = blocks + 1 > q.maxBlocks ? announcementAlone(units, w, q) : undefined;
    if (alone) return alone;
  }
  return { ...w, end: w.end + 1, words: w.words + wordCount(next) };
}

/** The unit announces what follows it, and nothing of its section follows it here. */
export function dangles(units: LexedUnit[], at: number): boolean {
  const [unit, next] = [units[at]?.unit, units[at + 1]?.unit];
  return announces(unit, next) && (!next || next.heading !== unit!.heading || next.partial === true);
}

/** The window from the sentence after its last code block or table, with the block its last sentence announces. */
function announcementAlone(units: LexedUnit[], w: Window, q: WindowQuery): Window | undefined {
  let lastBlock = w.end;
  while (lastBlock >= w.start && !isBlock(units[lastBlock]!.unit)) lastBlock--;
  const from = lastBlock + 1;
  // No block in the window, or the quote would start mid-sentence (cut, or going on after the block).
  if (lastBlock < w.start || units[from]!.unit.partial || units[from]!.unit.resumes) return undefined;
  const weightOf = (a: number, b: number) => {
    const said = new Set<string>();
    for (let i = a; i <= b; i++) for (const l of units[i]!.lexemes) if (q.weight.has(l)) said.add(l);
    let sum = 0;
    for (const l of said) sum += q.weight.get(l)!;
    return sum;
  };
  if (weightOf(from, w.end) < weightOf(w.start, lastBlock)) return undefined;
  let words = 0;
  for (let i = from; i <= w.end + 1; i++) words += wordCount(units[i]!.unit);
  return { ...w, start: from, end: w.end + 1, words };
}
