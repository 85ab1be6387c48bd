/**
 * CSV for spreadsheets (RFC 4180): every cell quoted, quotes doubled, rows ended by CRLF. A cell that
 * a spreadsheet would run as a formula gets a leading apostrophe: a visitor's message must not become
 * a formula in the owner's spreadsheet ("CSV injection"). That is a cell starting with = + - @, or a
 * tab or carriage return; also one whose first visible character is one of those or a look-alike a
 * spreadsheet may fold into it (fullwidth ＝ ＋ － ＠, small and super/subscript forms, minus signs and
 * dashes), behind any run of spaces or invisible characters (zero-width space, BOM, direction marks).
 */
const CONTROL_START = /^[\t\r]/;
/** Spaces and characters that show nothing (as code point ranges): they can hide what a cell really starts with. */
const INVISIBLE: [number, number][] = [
  [0x00ad, 0x00ad], // soft hyphen
  [0x034f, 0x034f], // combining grapheme joiner
  [0x061c, 0x061c], // Arabic letter mark
  [0x115f, 0x1160], // Hangul fillers
  [0x17b4, 0x17b5],
  [0x180b, 0x180f], // Mongolian selectors and vowel separator
  [0x200b, 0x200f], // zero-width space, joiners, direction marks
  [0x202a, 0x202e], // direction embeddings and overrides
  [0x2060, 0x206f], // word joiner, invisible operators, direction isolates
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f], // variation selectors
  [0xfeff, 0xfeff], // byte order mark
  [0xffa0, 0xffa0],
  [0xe0000, 0xe007f], // tags
];
const isInvisible = (cp: number) => /\s/.test(String.fromCodePoint(cp)) || INVISIBLE.some(([lo, hi]) => cp >= lo && cp <= hi);
/** After NFKC (which folds fullwidth, small, superscript and subscript forms), what starts a formula. */
const FORMULA_START = /^[=+\-@\u02D6\u02D7\u2010-\u2015\u2212\u2795\u2796\uFE58]/;

/** Whether a spreadsheet could read this cell as a formula. */
export function looksLikeFormula(text: string): boolean {
  if (CONTROL_START.test(text)) return true;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (!isInvisible(cp)) return FORMULA_START.test(ch.normalize('NFKC'));
  }
  return false;
}

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (looksLikeFormula(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
