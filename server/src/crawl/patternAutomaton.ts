/**
 * One automaton for a whole list of glob patterns (urlPatterns.ts), so testing a URL against all of
 * a bot's patterns costs one table lookup per URL character, however many patterns there are.
 *
 * The patterns form one NFA (a bit per token position, all patterns side by side); the NFA's state
 * sets become DFA states lazily, the first time a URL reaches them, and every transition found is
 * kept in a table, so a URL costs one lookup per character once its states are known (each new
 * state costs O(total pattern length / 32) once per crawl). A hostile list cannot blow the table up:
 * past MAX_DFA_STATES states (or MAX_DFA_WORDS words of stored sets), new sets are no longer stored
 * and the NFA is stepped in place over preallocated bitsets (each step O(total pattern length / 32),
 * still never backtracking), until it meets a stored state again. Nothing allocates per character.
 */

/** A pattern's tokens: a literal character (its code unit), or a wildcard. */
export type GlobToken = number | 'one' | 'star' | 'globstar';

/** Whether a pattern found a match: INCLUDE_HIT / EXCLUDE_HIT bits of run()'s answer. */
export const INCLUDE_HIT = 1;
export const EXCLUDE_HIT = 2;

/** Stored states at most, and words (32 bits each) of stored sets at most: with the table, under 3 MB per automaton. */
export const MAX_DFA_STATES = 4096;
const MAX_DFA_WORDS = 256 * 1024;
const SLASH = 0x2f;
const DEAD = 0;
const UNKNOWN = -1;
const UNSTORED = -2;

export class PatternAutomaton {
  /** Work done so far: one per URL character, plus one per bitset word read to find a new transition. */
  steps = 0;
  private readonly words: number;
  private readonly classes: number;
  /**
   * Character class of each ASCII code unit. URLs are matched in their serialised form, which is
   * ASCII (percent-encoded paths, punycode hosts): a non-ASCII pattern character matches nothing (as
   * before), and gets no class of its own, so a pattern list cannot make the table wide.
   */
  private readonly asciiClass = new Uint8Array(128);
  /** Per class: token positions that consume it and move on, and those that consume it and stay (stars). */
  private readonly advance: Uint32Array;
  private readonly loop: Uint32Array;
  /** Positions of `*` and `**`, which also match nothing (the next position is reached at once). */
  private readonly empty: Uint32Array;
  private readonly includeEnd: Uint32Array;
  private readonly excludeEnd: Uint32Array;
  private readonly capacity: number;
  /** Stored states' sets, hashes, answers, transitions (UNKNOWN until found) and hash chains; grown by doubling. */
  private sets: Uint32Array;
  private hashes: Int32Array;
  private accepts: Uint8Array;
  private table: Int32Array;
  private chain: Int32Array;
  private readonly buckets: Int32Array;
  private count = 0;
  private readonly start: number;
  private readonly scratch: [Uint32Array, Uint32Array];

  constructor(patterns: { tokens: GlobToken[]; exclude: boolean }[]) {
    const bits = patterns.reduce((n, p) => n + p.tokens.length + 1, 0);
    this.words = Math.max(1, Math.ceil(bits / 32));
    const literals = new Set<number>();
    for (const p of patterns) for (const t of p.tokens) if (typeof t === 'number' && t !== SLASH && t < 128) literals.add(t);
    // Class 0: any character no pattern names; 1: '/'; then one per literal the patterns use.
    this.asciiClass[SLASH] = 1;
    let next = 2;
    for (const c of literals) this.asciiClass[c] = next++;
    this.classes = next;
    const W = this.words;
    this.advance = new Uint32Array(this.classes * W);
    this.loop = new Uint32Array(this.classes * W);
    this.empty = new Uint32Array(W);
    this.includeEnd = new Uint32Array(W);
    this.excludeEnd = new Uint32Array(W);
    const startSet = new Uint32Array(W);
    const set = (mask: Uint32Array, offset: number, bit: number) => (mask[offset + (bit >>> 5)]! |= 1 << (bit & 31));
    let base = 0;
    for (const p of patterns) {
      set(startSet, 0, base);
      p.tokens.forEach((t, i) => {
        const bit = base + i;
        for (let c = 0; c < this.classes; c++) {
          const o = c * W;
          if (typeof t === 'number') {
            if (t < 128 && this.asciiClass[t] === c) set(this.advance, o, bit);
          } else if (t === 'one') {
            if (c !== 1) set(this.advance, o, bit);
          } else if (t === 'globstar' || c !== 1) set(this.loop, o, bit);
        }
        if (t === 'star' || t === 'globstar') set(this.empty, 0, bit);
      });
      set(p.exclude ? this.excludeEnd : this.includeEnd, 0, base + p.tokens.length);
      base += p.tokens.length + 1;
    }
    this.close(startSet);
    this.capacity = Math.max(2, Math.min(MAX_DFA_STATES, Math.floor(MAX_DFA_WORDS / W)));
    const initial = Math.min(this.capacity, 64);
    this.sets = new Uint32Array(initial * W);
    this.hashes = new Int32Array(initial);
    this.accepts = new Uint8Array(initial);
    this.table = new Int32Array(initial * this.classes).fill(UNKNOWN);
    this.chain = new Int32Array(initial);
    this.buckets = new Int32Array(nextPowerOfTwo(this.capacity * 2)).fill(-1);
    this.scratch = [new Uint32Array(W), new Uint32Array(W)];
    this.store(new Uint32Array(W)); // DEAD: no pattern can match any more
    this.start = this.store(startSet);
  }

  /** DFA states stored so far (at most MAX_DFA_STATES; past it the NFA is stepped in place). */
  get storedStates(): number {
    return this.count;
  }

  /** Which kinds of pattern (INCLUDE_HIT | EXCLUDE_HIT) match the whole of `text`. */
  run(text: string): number {
    const K = this.classes;
    const ascii = this.asciiClass;
    let table = this.table; // replaced when the table grows
    let state = this.start; // a stored state, or UNSTORED when the set is only in `cur`
    let cur = this.scratch[0];
    let out = this.scratch[1];
    const n = text.length;
    let i = 0;
    for (; i < n && state !== DEAD; i++) {
      const code = text.charCodeAt(i);
      const c = code < 128 ? ascii[code]! : 0;
      if (state !== UNSTORED) {
        const known = table[state * K + c]!;
        if (known !== UNKNOWN) {
          state = known;
          continue;
        }
        this.stepSet(this.sets, state * this.words, c, out);
      } else this.stepSet(cur, 0, c, out);
      let target = this.find(out);
      if (target === UNKNOWN && this.count < this.capacity) {
        target = this.store(out);
        table = this.table;
      }
      if (target === UNKNOWN) {
        // The table is full: go on with the set itself, back to the table when a stored set recurs.
        const swap = cur;
        cur = out;
        out = swap;
        state = UNSTORED;
        continue;
      }
      if (state !== UNSTORED) table[state * K + c] = target;
      state = target;
    }
    this.steps += i;
    if (state === DEAD) return 0;
    return state === UNSTORED ? this.acceptOf(cur) : this.accepts[state]!;
  }

  /** out = the set reached from `from` (at `offset` in `sets`) on a character of class c. */
  private stepSet(sets: Uint32Array, offset: number, c: number, out: Uint32Array): void {
    const W = this.words;
    const o = c * W;
    let carry = 0;
    for (let w = 0; w < W; w++) {
      const s = sets[offset + w]!;
      const moved = s & this.advance[o + w]!;
      out[w] = (moved << 1) | carry | (s & this.loop[o + w]!);
      carry = moved >>> 31;
    }
    this.steps += W;
    this.close(out);
  }

  /** A star reached is also passed over (it may match nothing). Runs of stars are merged when compiled, so one pass does. */
  private close(set: Uint32Array): void {
    let carry = 0;
    for (let w = 0; w < this.words; w++) {
      const e = set[w]! & this.empty[w]!;
      set[w]! |= (e << 1) | carry;
      carry = e >>> 31;
    }
  }

  private acceptOf(set: Uint32Array): number {
    let hit = 0;
    for (let w = 0; w < this.words; w++) {
      if (set[w]! & this.includeEnd[w]!) hit |= INCLUDE_HIT;
      if (set[w]! & this.excludeEnd[w]!) hit |= EXCLUDE_HIT;
    }
    return hit;
  }

  private hash(set: Uint32Array): number {
    let h = 0x811c9dc5;
    for (let w = 0; w < this.words; w++) h = Math.imul(h ^ set[w]!, 0x01000193);
    return h;
  }

  /** The stored state holding exactly this set, or UNKNOWN. */
  private find(set: Uint32Array): number {
    const h = this.hash(set);
    const W = this.words;
    this.steps += W;
    for (let s = this.buckets[h & (this.buckets.length - 1)]!; s >= 0; s = this.chain[s]!) {
      if (this.hashes[s] !== h) continue;
      let same = true;
      for (let w = 0; w < W && same; w++) same = this.sets[s * W + w] === set[w];
      if (same) return s;
    }
    return UNKNOWN;
  }

  private store(set: Uint32Array): number {
    if (this.count === this.hashes.length) this.grow();
    const s = this.count++;
    this.sets.set(set, s * this.words);
    const h = this.hash(set);
    this.hashes[s] = h;
    this.accepts[s] = this.acceptOf(set);
    const b = h & (this.buckets.length - 1);
    this.chain[s] = this.buckets[b]!;
    this.buckets[b] = s;
    return s;
  }

  private grow(): void {
    const size = Math.min(this.capacity, this.hashes.length * 2);
    const widen = <T extends Uint32Array | Int32Array | Uint8Array>(a: T, make: (n: number) => T, per: number): T => {
      const b = make(size * per);
      b.set(a);
      return b;
    };
    this.sets = widen(this.sets, (n) => new Uint32Array(n), this.words);
    this.hashes = widen(this.hashes, (n) => new Int32Array(n), 1);
    this.accepts = widen(this.accepts, (n) => new Uint8Array(n), 1);
    this.chain = widen(this.chain, (n) => new Int32Array(n), 1);
    const table = new Int32Array(size * this.classes).fill(UNKNOWN);
    table.set(this.table);
    this.table = table;
  }
}

function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}
