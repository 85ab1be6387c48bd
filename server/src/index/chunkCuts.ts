/**
 * Where and how the chunker (chunker.ts) cuts: oversized blocks at line, sentence or word
 * boundaries, tables between rows with their header again, and code closed at a cut and opened
 * again after it, with the overlap the next chunk starts with. Pure functions of text.
 */
import { FenceReader, markdownLines, type Fence } from '../text/markdown.js';

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
