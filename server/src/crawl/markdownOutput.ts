/**
 * The Markdown being written (markdownWriter.ts walks the HTML and calls this): words, line and
 * paragraph breaks requested ahead of the next content, and prefixes (list markers, quotes) that
 * every line of a block carries.
 */
export class Writer {
  private out: string[] = [];
  private pendingBreaks = 0;
  private started = false;
  private needSpace = false;
  private readonly prefixes: string[] = [];
  private marker: string | undefined;
  /** Inside a table cell: blocks and line breaks become spaces. */
  cellDepth = 0;

  /** Request n newlines (1 = new line, 2 = new paragraph) before the next content. */
  brk(n: 1 | 2): void {
    if (this.cellDepth > 0) {
      this.space();
      return;
    }
    if (this.started) this.pendingBreaks = Math.max(this.pendingBreaks, n);
    this.needSpace = false;
  }

  space(): void {
    this.needSpace = true;
  }

  pushPrefix(p: string, marker?: string): void {
    this.prefixes.push(p);
    if (marker !== undefined) this.marker = marker;
  }

  popPrefix(): void {
    this.prefixes.pop();
  }

  /** Collapsed inline text. */
  text(raw: string): void {
    const s = raw.replace(/[\s\u00a0]+/g, ' ');
    if (s === ' ') {
      this.needSpace = true;
      return;
    }
    if (s === '') return;
    const lead = s.startsWith(' ');
    const body = s.trim();
    this.emit(body, lead || this.needSpace);
    this.needSpace = s.endsWith(' ');
  }

  /** Inline text written as is (already formatted, e.g. `code`). */
  word(s: string): void {
    if (s === '') return;
    this.emit(s, this.needSpace);
    this.needSpace = false;
  }

  /** Verbatim lines (code blocks), each under the current prefix. */
  lines(s: string): void {
    const lines = s.split('\n');
    this.emit(lines[0]!, false);
    const pre = this.prefixes.join('');
    for (const line of lines.slice(1)) this.out.push('\n', line === '' ? pre.trimEnd() : pre + line);
  }

  private emit(s: string, spaced: boolean): void {
    if (this.pendingBreaks > 0 || !this.started || this.marker !== undefined) {
      if (this.started && this.pendingBreaks > 0) {
        const pre = this.prefixes.join('');
        const blank = pre.trimEnd();
        this.out.push(this.pendingBreaks === 2 ? `\n${blank}\n` : '\n');
        this.out.push(this.marker !== undefined ? this.prefixes.slice(0, -1).join('') + this.marker : pre);
      } else if (!this.started) {
        this.out.push(this.marker !== undefined ? this.prefixes.slice(0, -1).join('') + this.marker : this.prefixes.join(''));
      } else if (this.marker !== undefined) {
        this.out.push('\n', this.prefixes.slice(0, -1).join('') + this.marker);
      }
      this.marker = undefined;
      this.pendingBreaks = 0;
      this.started = true;
    } else if (spaced) {
      this.out.push(' ');
    }
    this.out.push(s);
  }

  toString(): string {
    return this.out
      .join('')
      .split('\n')
      .map(withoutTrailingBlanks)
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }
}

/** A line without its trailing spaces and tabs (a `[ \t]+$` pattern is quadratic on a long run of them). */
function withoutTrailingBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  return line.slice(0, end);
}
