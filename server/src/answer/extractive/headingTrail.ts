/**
 * The heading path as a chunk's own headings change it. The chunk's path says where it starts; a
 * chunk often holds several short sections, each opened by a heading line whose level says how far
 * up the path it replaces. The levels of the starting path are not stored: its last heading is
 * taken to be one level above the first heading line the chunk opens with no match.
 */
export class HeadingTrail {
  private trail: { level: number; text: string }[] | undefined;
  private readonly start: string[];
  /** The FAQ question the text is under (text/questionLine.ts), below the last heading. */
  private question: string | undefined;

  /** `start`: the chunk's heading path, its headings as plain text. */
  constructor(start: string[]) {
    this.start = start;
  }

  get path(): string {
    const path = this.trail?.map((h) => h.text) ?? this.start;
    return (this.question === undefined ? path : [...path, this.question]).join(' > ');
  }

  /**
   * A question line opens an entry under the current heading, closing the entry before it. A chunk
   * cut at a question (chunker.ts) has it as its path's last heading already: it is not entered
   * twice, and the next question replaces it.
   */
  enterQuestion(text: string): void {
    const last = this.start[this.start.length - 1];
    if (!this.trail && this.question === undefined && last?.endsWith('?')) {
      if (last === text) return;
      this.start.pop();
    }
    this.question = text;
  }

  enter(level: number, text: string): void {
    this.question = undefined;
    if (!this.trail) {
      // The chunk opening with its own section heading: the start path ends with it.
      const last = this.start[this.start.length - 1];
      const own = last === text;
      const lastLevel = own ? level : (numberedLevel(last, text, level) ?? level - 1);
      const base = lastLevel - (this.start.length - 1);
      this.trail = this.start.map((t, i) => ({ level: base + i, text: t }));
    }
    while (this.trail.length && this.trail[this.trail.length - 1]!.level >= level) this.trail.pop();
    this.trail.push({ level, text });
  }
}

/** A heading's section number ("1.4.3" of "1.4.3. Combinaciones de teclas"), as its parts. */
const sectionNumber = (text: string | undefined): string[] | undefined => /^(\d+(?:\.\d+)*)\.?\s/.exec(text ?? '')?.[1]!.split('.');

/**
 * The level of the path's last heading, read off the section numbers where both headings have them
 * in one numbering: "1.4.3. …" then a "1.4.4. …" heading line is its sibling, at the line's level,
 * not its child; "1.5. …" after "1.4.3. …" is one level above it. Undefined without numbers to read.
 */
function numberedLevel(last: string | undefined, text: string, level: number): number | undefined {
  const [a, b] = [sectionNumber(last), sectionNumber(text)];
  if (!a || !b || b.length > a.length + 1) return undefined;
  // The new heading's parent numbers must be the last heading's own: one numbering, not two.
  if (b.slice(0, -1).some((n, i) => a[i] !== n)) return undefined;
  return level + (a.length - b.length);
}
