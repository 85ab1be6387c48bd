/**
 * Heading-aware Markdown chunker (pure). A chunk never starts in the middle of a paragraph when it
 * can be avoided, starts a new chunk at each section unless the current one is still small, and
 * carries the page title and the heading path ("Install > Linux > Debian") of where it starts.
 * Long sections are cut into ~targetChars pieces with overlapChars of overlap, cut at word
 * boundaries, so a sentence split across two chunks is still findable in one of them. A chunk cut
 * inside fenced code closes the code at its end, and the next opens it again at its start, so every
 * chunk's fences balance: a quote never shows code as prose, nor prose swallowed by an open fence.
 * An FAQ's questions (questionLine) are headings one level below the section they are in. The cuts
 * themselves are in chunkCuts.ts.
 */
import { atxHeading, FenceReader, markdownLines, splitBlocks as splitMarkdownBlocks, trimBlock, type Fence } from '../text/markdown.js';
import { balanced, codeAwareTail, splitLong, splitTable } from './chunkCuts.js';
import { questionLine } from '../text/questionLine.js';
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

interface HeadingLevel {
  level: number;
  text: string;
  /** An FAQ question standing in for a heading. */
  question?: boolean;
}

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
        : trimBlock(parts.join('\n\n'));
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

  /** An FAQ entry's question (questionLine) as a heading one level below the section it is in. */
  private faqQuestion(raws: string[], i: number, stack: HeadingLevel[]): HeadingLevel | undefined {
    const text = questionLine(raws, i);
    return text === undefined ? undefined : { level: (stack.findLast((h) => !h.question)?.level ?? 0) + 1, text, question: true };
  }

  /** Paragraph-level blocks with their section's heading path; oversized blocks pre-split. */
  private *blocks(markdown: string): Generator<Block> {
    const stack: HeadingLevel[] = [];
    let path: string[] = [];
    const raws = splitBlocks(markdown);
    for (const [i, raw] of raws.entries()) {
      const heading = atxHeading(raw) ?? this.faqQuestion(raws, i, stack);
      if (heading) {
        const level = heading.level;
        while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
        stack.push(heading);
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

/**
 * Split on blank lines, keeping fenced code blocks whole; a heading is a block of its own. A nested
 * list's item keeps its indentation (trimBlock): a loose list's items are blocks of their own.
 */
export function splitBlocks(markdown: string): string[] {
  return splitMarkdownBlocks(markdown, { headingsAlone: true }).map(trimBlock).filter(Boolean);
}

const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
