/**
 * Heading-aware Markdown chunker (pure). A chunk never starts in the middle of a paragraph when it
 * can be avoided, starts a new chunk at each section unless the current one is still small, and
 * carries the page title and the heading path ("Install > Linux > Debian") of where it starts.
 * Long sections are cut into ~targetChars pieces with overlapChars of overlap, cut at word
 * boundaries, so a sentence split across two chunks is still findable in one of them. A chunk cut
 * inside fenced code closes the code at its end, and the next opens it again at its start, so every
 * chunk's fences balance: a quote never shows code as prose, nor prose swallowed by an open fence.
 */
import { atxHeading, FenceReader, markdownLines, splitBlocks as splitMarkdownBlocks, type Fence } from '../text/markdown.js';
export interface ChunkerOptions {
  /** Preferred chunk size in characters. */
  targetChars?: number;
  /** Hard upper bound; a single block larger than this is split. */
  maxChars?: number;
  /** Characters repeated from the previous piece when a section is split. */
  overlapChars?: number;
  /** Sections are merged into the current chunk while it is shorter than this. */
  minChars?: number;
}

export interface Chunk {
  ordinal: number;
  title: string;
  headingPath: string;
  content: string;
}

interface Block {
  text: string;
  /** Heading path of the section the block belongs to. */
  path: string[];
  /** The block is the heading line that opens its section. */
  heading: boolean;
  /** A piece of an oversized block cut inside its code: it goes on the line after the piece before. */
  inCode?: boolean;
}

export const HEADING_SEPARATOR = ' > ';

export class MarkdownChunker {
  readonly targetChars: number;
  readonly maxChars: number;
  readonly overlapChars: number;
  readonly minChars: number;

  constructor(opts: ChunkerOptions = {}) {
    this.targetChars = opts.targetChars ?? 1000;
    this.maxChars = opts.maxChars ?? Math.round(this.targetChars * 1.5);
    this.overlapChars = opts.overlapChars ?? 150;
    this.minChars = opts.minChars ?? 300;
    const ints = { targetChars: this.targetChars, maxChars: this.maxChars, overlapChars: this.overlapChars, minChars: this.minChars };
    for (const [k, v] of Object.entries(ints)) {
      if (!Number.isInteger(v) || v < 0) throw new RangeError(`${k} must be a non-negative integer (got ${v})`);
    }
    if (this.targetChars < 50) throw new RangeError(`targetChars must be at least 50 (got ${this.targetChars})`);
    if (this.maxChars < this.targetChars) throw new RangeError('maxChars must be at least targetChars');
    if (this.overlapChars >= this.targetChars / 2) throw new RangeError('overlapChars must be less than half of targetChars');
    if (this.minChars > this.targetChars) throw new RangeError('minChars must not exceed targetChars');
  }

  chunk(title: string, markdown: string): Chunk[] {
    const chunks: Chunk[] = [];
    let parts: string[] = [];
    let size = 0;
    let path: string[] = [];
    let prevPath: string[] | undefined;
    /** The code the current chunk starts inside, cut from the chunk before. */
    let startsIn: Fence | undefined;
    /** The code the last chunk ended inside. */
    let endedIn: Fence | undefined;

    const flush = () => {
      // Code keeps its first line's indent.
      const text = startsIn
        ? parts
            .join('\n\n')
            .replace(/^(?:[ \t]*\n)+/, '')
            .trimEnd()
        : parts.join('\n\n').trim();
      if (text.trim()) {
        const { content, open } = balanced(text, startsIn);
        chunks.push({ ordinal: chunks.length, title, headingPath: path.join(HEADING_SEPARATOR), content });
        endedIn = open;
      }
      parts = [];
      size = 0;
      startsIn = endedIn;
    };

    let pendingHeadings: string[] = [];
    for (const block of this.blocks(markdown)) {
      // A heading travels with the content after it, so no chunk ends on a bare heading.
      if (block.heading) {
        pendingHeadings.push(block.text);
        continue;
      }
      const unit = [...pendingHeadings, block.text];
      const unitSize = unit.reduce((n, t) => n + t.length, 0) + 2 * (unit.length - 1);
      const opensSection = pendingHeadings.length > 0;
      pendingHeadings = [];
      const newSection = opensSection || prevPath === undefined || !samePath(block.path, prevPath);
      prevPath = block.path;
      // Sections start a fresh chunk, unless the current one is still too small to stand alone.
      if (newSection && size >= this.minChars) flush();
      if (size > 0 && size + 2 + unitSize > this.targetChars) {
        const { tail, open } = newSection ? { tail: '', open: undefined } : codeAwareTail(parts.join('\n\n'), this.overlapChars, startsIn);
        flush();
        startsIn = tail ? open : endedIn;
        if (tail) {
          parts.push(tail);
          size = tail.length;
        }
      }
      if (parts.length === 0) path = block.path;
      if (block.inCode && parts.length > 0) {
        parts[parts.length - 1] += `\n${block.text}`;
        size += 1 + block.text.length;
        continue;
      }
      for (const text of unit) {
        size += (parts.length > 0 ? 2 : 0) + text.length;
        parts.push(text);
      }
    }
    flush();
    // A page that is nothing but headings still gets one chunk: it was indexed, so it is findable.
    if (chunks.length === 0 && pendingHeadings.length > 0) {
      chunks.push({ ordinal: 0, title, headingPath: path.join(HEADING_SEPARATOR), content: pendingHeadings.join('\n\n') });
    }
    return chunks;
  }

  /** Paragraph-level blocks with their section's heading path; oversized blocks pre-split. */
  private *blocks(markdown: string): Generator<Block> {
    const stack: { level: number; text: string }[] = [];
    let path: string[] = [];
    for (const raw of splitBlocks(markdown)) {
      const heading = atxHeading(raw);
      if (heading) {
        const level = heading.level;
        while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
        stack.push({ level, text: heading.text });
        path = stack.map((h) => h.text);
        yield { text: raw, path, heading: true };
        continue;
      }
      if (raw.length <= this.maxChars) {
        yield { text: raw, path, heading: false };
        continue;
      }
      const table = splitTable(raw, this.targetChars);
      if (table) {
        for (const piece of table) yield { text: piece, path, heading: false };
        continue;
      }
      const reader = new FenceReader();
      for (const piece of splitLong(raw, this.targetChars)) {
        yield { text: piece, path, heading: false, inCode: reader.inside };
        for (const line of markdownLines(piece)) reader.next(line);
      }
    }
  }
}

/** Split on blank lines, keeping fenced code blocks whole; a heading is a block of its own. */
export function splitBlocks(markdown: string): string[] {
  return splitMarkdownBlocks(markdown, { headingsAlone: true })
    .map((b) => b.trim())
    .filter(Boolean);
}

/** Cut an oversized block at line, then sentence, then word boundaries into pieces ≤ size. */
export function splitLong(text: string, size: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const window = rest.slice(0, size);
    let cut = window.lastIndexOf('\n');
    if (cut < size / 2) cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! ')) + 1;
    if (cut < size / 2) cut = window.lastIndexOf(' ');
    if (cut < size / 2) cut = size;
    pieces.push(rest.slice(0, cut).trimEnd());
    // Cut at a line end, the next line keeps its indent (code's).
    rest = rest[cut] === '\n' ? rest.slice(cut + 1).trimEnd() : rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces.filter(Boolean);
}

const fenceLine = (f: Fence): string => f.char.repeat(f.length);

/**
 * A chunk's text with its code balanced: opened again at the start when the text starts inside code
 * (`startsIn`), and closed at the end when it ends inside code (`open`, which the next chunk starts in).
 */
export function balanced(text: string, startsIn?: Fence): { content: string; open: Fence | undefined } {
  const content = startsIn ? `${fenceLine(startsIn)}${startsIn.info}\n${text}` : text;
  const reader = new FenceReader();
  for (const line of markdownLines(content)) reader.next(line);
  const open = reader.fence;
  return { content: open ? `${content}\n${fenceLine(open)}` : content, open };
}

/**
 * overlapTail of a chunk's text, and the code it starts inside (if any). In code the tail is whole
 * lines (a line cut at a word reads as nonsense), and a tail that starts on a fence line starts
 * after it.
 */
export function codeAwareTail(text: string, n: number, startsIn?: Fence): { tail: string; open: Fence | undefined } {
  const tail = overlapTail(text, n);
  if (!tail || tail === text) return { tail, open: tail ? startsIn : undefined };
  const at = text.lastIndexOf(tail);
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const reader = new FenceReader();
  if (startsIn) reader.next(`${fenceLine(startsIn)}${startsIn.info}`);
  for (const line of markdownLines(text.slice(0, lineStart)).slice(0, -1)) reader.next(line);
  const lines = markdownLines(tail);
  // The line the tail starts on, whole: the tail may start after its indent or in its middle.
  const whole = text.slice(lineStart, at) + lines[0]!;
  // Rows are whole lines that say what they say alone, and the next piece of a table repeats its
  // header (splitTable): an overlap that starts in a table is not taken.
  if (!reader.inside && TABLE_ROW.test(whole)) return { tail: '', open: undefined };
  const wasInside = reader.inside;
  const role = reader.next(whole);
  if (!wasInside && !reader.inside) return { tail, open: undefined }; // prose: as before
  // In code the tail is whole lines: the one it starts on goes if it is a fence line or was cut.
  const rest = role === 'open' || role === 'close' || at > lineStart ? lines.slice(1) : lines;
  const open = role === 'close' ? undefined : reader.fence;
  const body = rest.join('\n');
  if (!open) return { tail: body.trim(), open: undefined };
  // The chunk the tail starts opens the code again (balanced()).
  return { tail: body.trim() ? body : '', open };
}

const TABLE_ROW = /^\s*\|.*\|\s*$/;
const DELIMITER_ROW = /^\s*\|(?:\s*:?-{3,}:?\s*\|)+\s*$/;

/**
 * A GFM table (a header row, its delimiter row, body rows) cut between rows into pieces of about
 * `size` characters, each after the first with the header again: a piece of a table reads as a
 * table, its columns named. Undefined when the block is not such a table, or a row is too long.
 */
export function splitTable(block: string, size: number): string[] | undefined {
  const lines = block.split('\n');
  if (lines.length < 3 || !DELIMITER_ROW.test(lines[1]!) || !lines.every((l) => TABLE_ROW.test(l))) return undefined;
  const head = lines.slice(0, 2);
  const headSize = head.join('\n').length;
  // A row too long for a piece with the header is cut as text is (splitLong).
  if (lines.some((l) => headSize + 1 + l.length > size)) return undefined;
  const pieces: string[] = [];
  let rows: string[] = [];
  let chars = headSize;
  for (const row of lines.slice(2)) {
    if (rows.length > 0 && chars + 1 + row.length > size) {
      pieces.push([...head, ...rows].join('\n'));
      rows = [];
      chars = headSize;
    }
    rows.push(row);
    chars += 1 + row.length;
  }
  pieces.push([...head, ...rows].join('\n'));
  return pieces;
}

/** The last ~n characters of text, starting at a word boundary. */
export function overlapTail(text: string, n: number): string {
  if (n <= 0 || text.length <= n) return n <= 0 ? '' : text;
  const tail = text.slice(text.length - n);
  const space = tail.search(/\s/);
  return (space >= 0 ? tail.slice(space) : tail).trim();
}

const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
