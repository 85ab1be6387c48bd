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
      const own = this.start[this.start.length - 1] === text;
      const base = own ? level - (this.start.length - 1) : level - this.start.length;
      this.trail = this.start.map((t, i) => ({ level: base + i, text: t }));
    }
    while (this.trail.length && this.trail[this.trail.length - 1]!.level >= level) this.trail.pop();
    this.trail.push({ level, text });
  }
}
