import type { ChildNode, Element } from 'domhandler';

/**
 * A code block with line numbers, laid out as a one-row table: a gutter cell of numbers and a cell
 * with the code's <pre>. Sphinx/Pygments (`highlighttable`), Hugo (`lntable`), Jekyll's Rouge
 * (`rouge-table`) and MkDocs Material all write one so. Read as a table it became a row of pipes
 * around two code fences, the numbers in one of them; it is one code block, and the numbers are
 * not the code. Returns the code's <pre> elements in order, or undefined for any other table.
 */
export function numberedCode(table: Element, text: (node: ChildNode) => string): Element[] | undefined {
  const rows: Element[] = [];
  const cells: Element[] = [];
  const walk = (el: Element) => {
    for (const c of el.children) {
      if (c.type !== 'tag') continue;
      const child = c as Element;
      if (child.name === 'tr') rows.push(child);
      if (child.name === 'td' || child.name === 'th') cells.push(child);
      else walk(child);
    }
  };
  walk(table);
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
