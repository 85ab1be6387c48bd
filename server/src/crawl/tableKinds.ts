/**
 * Tables that are not tables of data: a code block with line numbers, and a layout table (page
 * layout, or one row of boxes: AsciiDoc's NOTE and WARNING blocks). Written with pipes, either read
 * as a row of raw cells; the Markdown writer writes their contents instead.
 */
import type { ChildNode, Element } from 'domhandler';

/**
 * A code block with line numbers, laid out as a one-row table: a gutter cell of numbers and a cell
 * with the code's <pre>. Sphinx/Pygments (`highlighttable`), Hugo (`lntable`), Jekyll's Rouge
 * (`rouge-table`) and MkDocs Material all write one so. Read as a table it became a row of pipes
 * around two code fences, the numbers in one of them; it is one code block, and the numbers are
 * not the code. Returns the code's <pre> elements in order, or undefined for any other table.
 */
export function numberedCode(table: Element, text: (node: ChildNode) => string): Element[] | undefined {
  const { rows, cells } = tableCells(table);
  // A table inside a cell makes it a real table, whatever else the cells hold.
  if (rows.length !== 1 || cells.length < 2 || cells.some((c) => firstTag(c, 'table'))) return undefined;
  const gutters = cells.filter((c) => /^[\d\s]*$/.test(text(c)));
  const code = cells.filter((c) => !gutters.includes(c)).map((c) => firstTag(c, 'pre'));
  if (gutters.length === 0 || code.length === 0 || code.some((p) => p === undefined)) return undefined;
  return code as Element[];
}

function firstTag(el: Element, name: string): Element | undefined {
  for (const c of el.children) {
    if (c.type !== 'tag') continue;
    const child = c as Element;
    if (child.name === name) return child;
    const inner = firstTag(child, name);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The cells of a layout table, to write one after another as blocks; undefined for a table of data.
 * Layout: marked so (role "presentation" or "none"), a table inside a cell, a heading inside a cell
 * (a page laid out in a table), a code block inside a cell (DocBook's tips: an icon, "Tip", then
 * the tip and its command; a table row is one line, so the code's fences landed mid-row and every
 * fence after them on the page was read the wrong way round, code as text and headings as code),
 * or one row with no header cell (AsciiDoc's admonitions: an icon cell saying "Note", then the
 * note). A data table has a header row or more than one row.
 */
export function layoutCells(table: Element): Element[] | undefined {
  const role = table.attribs.role;
  const { rows, cells } = tableCells(table);
  if (cells.length === 0) return undefined;
  const layout =
    role === 'presentation' ||
    role === 'none' ||
    cells.some((c) => firstTag(c, 'table') || firstTag(c, 'pre') || HEADINGS.some((h) => firstTag(c, h))) ||
    (rows.length === 1 && !cells.some((c) => c.name === 'th'));
  return layout ? cells : undefined;
}

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/** The table's own rows and cells, not those of a table inside one of its cells. */
function tableCells(table: Element): { rows: Element[]; cells: Element[] } {
  const rows: Element[] = [];
  const cells: Element[] = [];
  const walk = (el: Element) => {
    for (const c of el.children) {
      if (c.type !== 'tag') continue;
      const child = c as Element;
      if (child.name === 'tr') rows.push(child);
      if (child.name === 'td' || child.name === 'th') cells.push(child);
      else if (child.name !== 'table') walk(child);
    }
  };
  walk(table);
  return { rows, cells };
}
