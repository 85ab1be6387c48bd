/**
 * Inline elements of older HTML that Readability does not know as inline. Its list of phrasing
 * elements is HTML5's, so an <acronym> (DocBook writes one for every "MAC", "SLAAC", "LVM"), a <tt>
 * or a <font> inside a paragraph ends the paragraph there: the page's text came out as "(", then
 * "SLAAC" on a line of its own, then ") to pick an address…", and a quote from it started mid-sentence.
 * Each is renamed, before Readability reads the page, to the HTML5 element that means the same
 * (its attributes and children kept): the Markdown writer renders both alike.
 */
const RENAMED: Readonly<Record<string, string>> = {
  acronym: 'abbr',
  tt: 'code',
  big: 'span',
  font: 'span',
  nobr: 'span',
  strike: 'span',
  u: 'span',
  s: 'span',
};

const SELECTOR = Object.keys(RENAMED).join(',');

/** The DOM methods used here (linkedom's document). */
interface Dom {
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  createElement(tag: string): DomElement;
}
interface DomElement {
  localName: string;
  attributes: ArrayLike<{ name: string; value: string }>;
  firstChild: unknown;
  setAttribute(name: string, value: string): void;
  appendChild(child: unknown): unknown;
  replaceWith(node: DomElement): void;
}

/** Renames the document's old inline elements in place (innermost last: a renamed parent keeps its renamed children). */
export function renameOldPhrasing(document: Dom): void {
  const found = Array.from(document.querySelectorAll(SELECTOR));
  for (const el of found) {
    const to = RENAMED[el.localName.toLowerCase()];
    if (!to) continue;
    const next = document.createElement(to);
    for (const a of Array.from(el.attributes)) next.setAttribute(a.name, a.value);
    while (el.firstChild) next.appendChild(el.firstChild);
    el.replaceWith(next);
  }
}
