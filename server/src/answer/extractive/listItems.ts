import type { LexedUnit } from './window.js';

/**
 * A list's items are statements of their own: a quote whose question words are spread over
 * several items, one each, says nothing of the question as a whole. "`tail`(1) gibt die letzten
 * Zeilen aus" and "`uniq`(1) entfernt doppelte Zeilen" answer no "welche Pakete in den letzten
 * Tagen installiert oder entfernt wurden"; "`/home/`: user's personal files;" and "`/root/`:
 * administrator's files;" no question about root on a mounted /home. True when every unit of the
 * quote that says a question word is a list item and no item says two.
 */
export function scatteredOverItems(units: LexedUnit[], weight: ReadonlyMap<string, number>): boolean {
  const byItem = new Map<string, Set<string>>();
  for (const u of units) {
    const said = [...u.lexemes].filter((lx) => (weight.get(lx) ?? 0) > 0);
    if (said.length === 0) continue;
    if (u.unit.item === undefined) return false;
    const key = `${u.unit.block}:${u.unit.item}`;
    const words = byItem.get(key) ?? new Set<string>();
    for (const lx of said) words.add(lx);
    if (words.size >= 2) return false;
    byItem.set(key, words);
  }
  return byItem.size > 0;
}
