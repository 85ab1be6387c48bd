/**
 * Docent's Markdown: what the page writer (crawl/markdownWriter.ts) writes and everything after it
 * reads: the chunker, the boilerplate line keys, the extractive answerer, citation renumbering,
 * embedding passages and source snippets. One reading of code fences for all of them, so a block
 * the writer fenced is code everywhere and the text around it is never taken for code.
 *
 * A fence is CommonMark's, read through the containers the writer nests code in: after any indent,
 * quote markers (`>`) and one list marker, three or more backticks or tildes (a backtick fence's
 * info string holds no backtick). It closes on a fence line of the same character, at least as long,
 * with nothing after it. A block left open runs to the end of the text.
 */

export interface Fence {
  char: '`' | '~';
  length: number;
  /** The info string after an opening fence (its language), trimmed. */
  info: string;
}

export interface FenceOptions {
  /**
   * Most spaces of indent before a fence. The writer indents code nested in lists, so Docent's own
   * text allows any; text handed to the chat's renderer (CommonMark: 3) must be read as it will be.
   */
  maxIndent?: number;
}

const FENCE_LINE = /^([ \t]*)((?:>[ \t]?)*(?:[-*+][ \t]+|\d{1,9}[.)][ \t]+)?)(`{3,}|~{3,})(.*)$/;

/** The fence a line opens or closes, if it is a fence line. */
export function fenceOf(line: string, opts: FenceOptions = {}): Fence | undefined {
  const m = FENCE_LINE.exec(line);
  if (!m) return undefined;
  if (opts.maxIndent !== undefined && (m[1]!.length > opts.maxIndent || m[2] !== '')) return undefined;
  const run = m[3]!;
  const char = run[0] as Fence['char'];
  const info = m[4]!.trim();
  if (char === '`' && info.includes('`')) return undefined; // "```a``` b" is inline code
  return { char, length: run.length, info };
}

/** Whether `line` closes the block `open` opened. */
export function closesFence(line: string, open: Fence, opts: FenceOptions = {}): boolean {
  const f = fenceOf(line, opts);
  return f !== undefined && f.char === open.char && f.length >= open.length && f.info === '';
}

/** What a line is, read in order: a fence opening or closing a block, a line of code, or text. */
export type LineRole = 'open' | 'close' | 'code' | 'text';

/** Reads lines in order and tells each one's role; `inside` says whether a block is open. */
export class FenceReader {
  private open: Fence | undefined;

  constructor(private readonly opts: FenceOptions = {}) {}

  get inside(): boolean {
    return this.open !== undefined;
  }

  /** The fence of the open block, if any. */
  get fence(): Fence | undefined {
    return this.open;
  }

  next(line: string): LineRole {
    if (this.open) {
      if (!closesFence(line, this.open, this.opts)) return 'code';
      this.open = undefined;
      return 'close';
    }
    this.open = fenceOf(line, this.opts);
    return this.open ? 'open' : 'text';
  }
}

export const markdownLines = (markdown: string): string[] => markdown.replace(/\r\n?/g, '\n').split('\n');

export interface BlockOptions {
  /** A heading line is a block of its own (the chunker's sections), blank lines or not. */
  headingsAlone?: boolean;
  /** A fenced block is a block of its own, blank lines or not (the extractive answer's code). */
  fencesAlone?: boolean;
}

const HEADING = /^#{1,6}\s/;

/** Blocks separated by blank lines; a fenced block is never split. Blocks are not trimmed. */
export function splitBlocks(markdown: string, opts: BlockOptions = {}): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  const push = () => {
    if (current.length) blocks.push(current.join('\n'));
    current = [];
  };
  const reader = new FenceReader();
  for (const line of markdownLines(markdown)) {
    const role = reader.next(line);
    if (role === 'open' && opts.fencesAlone) push();
    if (role !== 'text') {
      current.push(line);
      if (role === 'close' && opts.fencesAlone) push();
    } else if (line.trim() === '') push();
    else if (opts.headingsAlone && HEADING.test(line)) {
      push();
      current.push(line);
      push();
    } else current.push(line);
  }
  push();
  return blocks;
}

/** A run of backticks longer than any inside `text` (and at least `min` long), to fence it as code. */
export function backtickFence(text: string, min: number): string {
  return '`'.repeat(Math.max(min - 1, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
}

/** A fenced code block holding `code` verbatim, whatever fences the code itself contains. */
export function fencedCode(code: string, info = ''): string {
  const fence = code.includes('```') && !code.includes('~~~') ? '~~~' : backtickFence(code, 3);
  return `${fence}${info}\n${code}\n${fence}`;
}

/** The text with its fenced blocks (fences included) replaced by `by`; an open block runs to the end. */
export function withoutFencedCode(markdown: string, by = ' '): string {
  const out: string[] = [];
  const reader = new FenceReader();
  let inBlock = false;
  for (const line of markdownLines(markdown)) {
    if (reader.next(line) === 'text') {
      out.push(line);
      inBlock = false;
    } else if (!inBlock) {
      out.push(by);
      inBlock = true;
    }
  }
  return out.join('\n');
}

/** A list item's first line: its indentation, its marker ("-", "*", "+", "3.", "3)") and the space after it. */
export const LIST_ITEM_LINE = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+/;

/**
 * A block without the blank lines and spaces around it, except a list item's indentation, which
 * says how deep in a nested list it is ("  - usar 3 botones" under "- Traditional style:").
 */
export function trimBlock(block: string): string {
  const text = block.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
  return LIST_ITEM_LINE.test(text) ? text : text.trimStart();
}

/**
 * A one-line block's ATX heading (`## Text ##`): its level and text, as `^(#{1,6})\s+(.+?)\s*#*$` read
 * it (trailing `#`s, then spaces, are not the text). Read by hand: that pattern backtracked with the
 * cube of a hostile line's runs of spaces, on the thread that indexes and answers.
 */
export function atxHeading(block: string): { level: number; text: string } | undefined {
  let level = 0;
  while (level < block.length && block[level] === '#') level++;
  if (level === 0 || level > 6 || !/\s/.test(block[level] ?? '') || block.includes('\n')) return undefined;
  const rest = block.slice(level).trimStart();
  let end = rest.length;
  while (end > 1 && rest[end - 1] === '#') end--;
  while (end > 1 && /\s/.test(rest[end - 1]!)) end--;
  return rest ? { level, text: rest.slice(0, end) } : undefined;
}
