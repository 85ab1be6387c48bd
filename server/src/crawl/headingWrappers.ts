/**
 * DocBook writes every section title as
 * `<div class="titlepage"><div><div><h3><a id="…"/>2.7.9. …</h3></div></div></div>`: Readability
 * turns the innermost div into a paragraph around the heading, and its "mostly links" cleaning (the
 * unclosed `<a id/>` spans the title) then removes it, so a chapter reaches the index as one
 * untitled section. A heading alone in its wrapper divs takes their place before Readability runs.
 */
export function unwrapLoneHeadings(document: globalThis.Document): void {
  for (const h of [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]) {
    let top: Element = h;
    for (let up = top.parentElement; up && up.tagName === 'DIV' && isOnlyChild(top, up); up = top.parentElement) top = up;
    if (top !== h) top.replaceWith(h);
  }
}

/** The wrapper holds nothing else: no other element and no text of its own. */
function isOnlyChild(child: Element, parent: Element): boolean {
  for (const n of parent.childNodes) {
    if (n === child) continue;
    if (n.nodeType === 1) return false;
    if (n.nodeType === 3 && (n.textContent ?? '').trim() !== '') return false;
  }
  return true;
}
