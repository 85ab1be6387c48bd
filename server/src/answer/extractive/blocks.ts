/** A chunk's Markdown as blocks, and the code blocks and tables an extractive answer shows whole. */
import { backtickFence, fenceOf, splitBlocks as splitMarkdownBlocks } from '../../text/markdown.js';
import { EXTRACTIVE_PARAMS } from './params.js';
import { fill, type ReplyTexts } from '../../../../shared/src/messages/index.js';
import { reply as english } from '../../../../shared/src/messages/en.js';

/** Blocks separated by blank lines; a fenced code block is a block of its own, kept whole. */
export const splitBlocks = (markdown: string): string[] => splitMarkdownBlocks(markdown, { fencesAlone: true });

/** A line of sentences: words, ending as a sentence ends ("…the loop.", "run:", "(see below.)"). */
const PROSE_LINE = /^(?=(?:\S+\s+){4})[^{};=<>]*[A-Za-z`'"\])]{2}[.:!?]["')\]]*\s*$/;
const CODE_LINE = /^\s{2,}\S|>>>|[{};]\s*$|^\s*[$%]\s|[=(){}[\]]/;

/** How much a text reads as code rather than prose (0..1; 0.5 when its lines say neither). */
function codeLikeness(text: string): number {
  // Headings are the page's structure (a comment in code has company that reads as code).
  const lines = text.split('\n').filter((l) => l.trim() && !/^#{1,6}\s+\S/.test(l));
  let code = 0;
  let prose = 0;
  for (const line of lines) {
    if (PROSE_LINE.test(line.trim()) && !/^\s{4}/.test(line)) prose++;
    else if (CODE_LINE.test(line)) code++;
  }
  return code + prose === 0 ? 0.5 : code / (code + prose);
}

/**
 * A chunk cut through a code block (chunks overlap, and the page writer's fences carry no language)
 * may start inside the code, so that its first fence closes a block instead of opening one, and
 * everything after it would be read the wrong way round: prose shown as code, code quoted as prose.
 * The text between the fences tells which: under the right reading the code segments read as code
 * and the prose ones as prose. Reopen the block when starting inside code reads better. (A chunk
 * that ends inside code needs nothing: its last block runs to the end as code.) Chunks indexed since
 * the chunker balances its fences never need this; it reads indexes built before, where an odd
 * number of fences shows the cut.
 */
export function repairFences(markdown: string): string {
  const lines = markdown.split('\n');
  const fences = lines.flatMap((l, i) => (fenceOf(l) ? [i] : []));
  // Only a bare fence can close a block, and a chunk that opens with a heading starts a section.
  // A text that opens with a fence opens code with it (the chunker reopens code a chunk starts inside).
  // With an even number of fences the text is read as written: the chunker's chunks balance, and
  // guessing on balanced text took log lines for prose and a table for code.
  if (
    fences.length % 2 === 0 ||
    fenceOf(lines[fences[0]!]!)!.info !== '' ||
    /^\s*#{1,6}\s/.test(markdown) ||
    !lines.slice(0, fences[0]).join('').trim()
  )
    return markdown;
  const bounds = [-1, ...fences, lines.length];
  let startsInCode = 0;
  let startsInProse = 0;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const segment = lines.slice(bounds[i]! + 1, bounds[i + 1]).join('\n');
    if (!segment.trim()) continue;
    const code = codeLikeness(segment);
    // Segment i is code when the chunk starts inside code and i is even, or starts in prose and i is odd.
    startsInCode += i % 2 === 0 ? code : 1 - code;
    startsInProse += i % 2 === 0 ? 1 - code : code;
  }
  // With an odd number of fences one of the two readings must hold.
  return startsInCode > startsInProse ? `\`\`\`\n${markdown}` : markdown;
}

export { backtickFence };

/** Most lines of code and rows of a table shown in an answer; the rest stays on the page (params.ts). */
export const { maxCodeLines: MAX_CODE_LINES, maxCodeChars: MAX_CODE_CHARS, maxTableRows: MAX_TABLE_ROWS } = EXTRACTIVE_PARAMS;

/** The notes under a cut code block or table, in the reply's language. */
export type CutNotes = Pick<ReplyTexts, 'moreCodeLine' | 'moreCodeLines' | 'moreTableRow' | 'moreTableRows'>;

/** The note for `rest` lines or rows left on the page ("" when none). */
const cutNote = (rest: number, one: string, many: string): string => (rest <= 0 ? '' : `\n\n${rest === 1 ? one : fill(many, { n: rest })}`);

/** A fenced code block, cut at a line boundary with a note when it is long. */
export function codeMarkdown(code: string, notes: CutNotes = english): string {
  const lines = code.trimEnd().split('\n');
  const kept: string[] = [];
  let chars = 0;
  for (const line of lines) {
    if (kept.length >= MAX_CODE_LINES || (kept.length > 0 && chars + line.length > MAX_CODE_CHARS)) break;
    kept.push(line);
    chars += line.length + 1;
  }
  const text = kept.join('\n');
  const fence = backtickFence(text, 3);
  const rest = lines.length - kept.length;
  return `${fence}\n${text}\n${fence}${cutNote(rest, notes.moreCodeLine, notes.moreCodeLines)}`;
}

const SEPARATOR_ROW = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/;
const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|').length;

/** Whether a block is a table as the page writer writes one (rows of `| a | b |`). */
export const isTableBlock = (block: string) =>
  block
    .trim()
    .split('\n')
    .every((l) => /^\|.*\|$/.test(l.trim()));

/**
 * A table as GFM renders it: the page writer adds a separator only under a header row of `<th>`, and
 * a table without one would show as raw pipes, so its first row becomes the header. A long table
 * is cut at a row boundary, with a note.
 */
export function tableMarkdown(block: string, notes: CutNotes = english): string {
  const rows = block
    .trim()
    .split('\n')
    .map((l) => l.trim());
  let header = rows[0]!;
  let body = rows.slice(1);
  if (body[0] !== undefined && SEPARATOR_ROW.test(body[0])) body = body.slice(1);
  const width = Math.max(cells(header), ...body.map(cells));
  header = `${header}${' |'.repeat(Math.max(0, width - cells(header)))}`;
  const kept = body.filter((r) => !SEPARATOR_ROW.test(r)).slice(0, MAX_TABLE_ROWS);
  const rest = body.length - kept.length;
  return [header, `|${' --- |'.repeat(width)}`, ...kept].join('\n') + cutNote(rest, notes.moreTableRow, notes.moreTableRows);
}

/** The words of a table's cells, for matching. */
export const tablePlain = (block: string) =>
  block
    .split('\n')
    .filter((l) => !SEPARATOR_ROW.test(l.trim()))
    .join(' ')
    .replace(/\|/g, ' ');
