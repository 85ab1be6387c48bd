/**
 * CSV for spreadsheets (RFC 4180): every cell quoted, quotes doubled, rows ended by CRLF. A cell that
 * a spreadsheet would run as a formula (it starts with = + - @, or a tab or carriage return that
 * hides one) gets a leading apostrophe: a visitor's message must not become a formula in the owner's
 * spreadsheet ("CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
