/** Splitting a chunk's Markdown into the units an extractive answer is made of. */

export interface Unit {
  kind: 'sentence' | 'code';
  /** Display Markdown (relative links made absolute against the page). */
  text: string;
  /** Plain words for matching (no link targets, no Markdown punctuation). */
  plain: string;
  /** Index of the block this unit came from, to find the code that follows a sentence. */
  block: number;
  /**
   * The unit is the cut-off start of the chunk: a long section is split into overlapping chunks,
   * and the next one starts mid-sentence or mid-code ("to terminate...", "remember, even though…").
   * The whole of it is in the previous chunk; on its own it is not fit to quote.
   */
  partial?: boolean;
}

const ABBREVIATIONS = /\b(e\.g|i\.e|etc|vs|cf|approx|no|fig|Mr|Mrs|Dr)\.$/i;

/** Blocks separated by blank lines; fenced code stays whole. */
export function splitBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let cur: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (fence === null) {
        if (cur.length) blocks.push(cur.join('\n'));
        cur = [line];
        fence = f[1]!;
        continue;
      }
      if (line.trim().startsWith(fence)) {
        cur.push(line);
        blocks.push(cur.join('\n'));
        cur = [];
        fence = null;
        continue;
      }
    }
    if (fence === null && line.trim() === '') {
      if (cur.length) blocks.push(cur.join('\n'));
      cur = [];
    } else cur.push(line);
  }
  if (cur.length) blocks.push(cur.join('\n'));
  return blocks;
}

/**
 * A chunk cut from the middle of a code block (chunks overlap) starts inside the code: its first
 * fence line is really a closing fence. Reopen it so code is never read as prose and vice versa.
 */
export function repairFences(markdown: string): string {
  const lines = markdown.split('\n');
  const fenceLines = lines.filter((l) => /^\s*(`{3,}|~{3,})/.test(l));
  if (fenceLines.length % 2 === 0) return markdown;
  const first = lines.findIndex((l) => /^\s*(`{3,}|~{3,})/.test(l));
  const before = lines.slice(0, first).join('\n');
  // A bare fence with code-looking text above it closes a block the chunk started inside.
  const closesBlock = /^\s*(`{3,}|~{3,})\s*$/.test(lines[first]!) && (first === 0 || /[=(){}[\]:;]|^\s{2,}|>>>/m.test(before));
  return closesBlock ? `\`\`\`\n${markdown}` : markdown;
}

/** Sentence and code units of one chunk, in reading order. */
export function toUnits(markdown: string, pageUrl: string): Unit[] {
  const units: Unit[] = [];
  const repaired = repairFences(markdown);
  // A section's first chunk starts with its heading (or a capital, or markup); a continuation chunk
  // starts wherever the overlap cut it: inside code, or in the middle of a sentence.
  const continues = repaired !== markdown || /^\s*[a-z,;:.)\]]/.test(markdown);
  splitBlocks(repaired).forEach((block, i) => {
    const trimmed = block.trim();
    if (/^(`{3,}|~{3,})/.test(trimmed)) {
      const body = trimmed.replace(/^(`{3,}|~{3,})[^\n]*\n?/, '').replace(/\n?(`{3,}|~{3,})\s*$/, '');
      if (body.trim()) units.push({ kind: 'code', text: body, plain: body, block: i });
      return;
    }
    if (/^#{1,6}\s/.test(trimmed) || /^\|/.test(trimmed) || /^(\* \* \*|-{3,}|_{3,})$/.test(trimmed)) return;
    for (const item of splitListItems(trimmed)) {
      for (const sentence of splitSentences(item)) {
        const text = absolutizeLinks(sentence, pageUrl).trim();
        const plain = toPlain(text);
        if (plain.length >= 20) units.push({ kind: 'sentence', text, plain, block: i });
      }
    }
  });
  const first = units[0];
  if (continues && first?.block === 0) {
    first.partial = true;
    if (first.kind === 'code') {
      // The first line is cut at an arbitrary point: show the code from the next whole line.
      const whole = first.text.slice(first.text.indexOf('\n') + 1);
      if (first.text.includes('\n') && whole.trim()) Object.assign(first, { text: whole, plain: whole });
    } else first.text = `…${first.text}`;
  }
  return units;
}

/** A list block becomes its items; other blocks come back whole (as one line). */
function splitListItems(block: string): string[] {
  const lines = block.split('\n').map((l) => l.replace(/^\s*>\s?/, ''));
  if (!lines.some((l) => /^\s*([-*+]|\d+[.)])\s+/.test(l))) return [lines.join(' ')];
  const items: string[] = [];
  for (const line of lines) {
    if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) items.push(line.replace(/^\s*([-*+]|\d+[.)])\s+/, ''));
    else if (items.length) items[items.length - 1] += ` ${line.trim()}`;
    else items.push(line);
  }
  return items;
}

/** Sentences of a paragraph, not splitting after abbreviations or inside `code`. */
export function splitSentences(paragraph: string): string[] {
  const text = paragraph.replace(/\s+/g, ' ').trim();
  const out: string[] = [];
  let start = 0;
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '`') inCode = !inCode;
    if (inCode || !(ch === '.' || ch === '!' || ch === '?')) continue;
    const next = text[i + 1];
    const after = text[i + 2];
    if (next !== ' ' || after === undefined || !/[A-Z0-9`*_[("]/.test(after)) continue;
    const candidate = text.slice(start, i + 1);
    if (ABBREVIATIONS.test(candidate)) continue;
    out.push(candidate.trim());
    start = i + 2;
  }
  if (start < text.length) out.push(text.slice(start).trim());
  return out.filter(Boolean);
}

/** Relative link targets would resolve against the embedding page: make them absolute. Drop images. */
export function absolutizeLinks(markdown: string, pageUrl: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g, (whole, text: string, target: string) => {
      try {
        const url = new URL(target, pageUrl);
        if (!/^https?:$/.test(url.protocol)) return text;
        return `[${text}](${url.href})`;
      } catch {
        return text;
      }
    });
}

/** Words only: link text without targets, no emphasis or escapes. */
export function toPlain(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#]|\\(?=[\\`*_{}[\]()#+\-.!])/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
