/**
 * The chat's HTML sanitizer: an allowlist applied to an inert parse. It replaces DOMPurify (11 KB
 * gzip, a third of the widget's panel) with rules narrow enough to check by reading:
 * - the HTML is parsed into a <template>, whose content belongs to a document with no browsing
 *   context: nothing in it runs or loads while it is cleaned;
 * - only plain HTML-namespace text elements survive (SVG and MathML elements are unwrapped, so no
 *   namespace confusion; no raw-text elements such as <style>, <textarea>, <noscript>, <title>), with
 *   a short list of inert attributes (no event handlers, no style, no id/name, so nothing can clobber
 *   page globals). The output is those elements and escaped text, nothing else, so parsing it again
 *   can only give those elements and that text;
 * - any other element is unwrapped (its text stays) unless it is code, a style, a document or a
 *   fetching element, which goes with everything inside it;
 * - comments and processing instructions go.
 */
const HTML_NS = 'http://www.w3.org/1999/xhtml';

const KEEP = new Set(
  (
    'a abbr b bdi bdo blockquote br caption cite code col colgroup dd del details dfn div dl dt em figcaption figure ' +
    'h1 h2 h3 h4 h5 h6 hr i ins kbd li mark ol p pre q rp rt ruby s samp small span strong sub summary sup table ' +
    'tbody td tfoot th thead time tr u ul var wbr'
  ).split(' '),
);

/** Dropped with their content, in any namespace: code, styles, documents, media and controls. */
const DROP = new Set(
  (
    'script style template noscript noembed noframes iframe frame frameset object embed applet textarea ' +
    'title xmp plaintext select option video audio canvas picture source track map area head meta link base'
  ).split(' '),
);

/** Attributes that only describe text or tables (href is checked on its own). */
const ATTRS = new Set('class title lang dir align colspan rowspan scope span start reversed value open datetime'.split(' '));

export interface SanitizeRules {
  /** Whether a link target may stay (others become href=""). */
  allowHref(href: string): boolean;
  /** What an <img> becomes (it must not load anything by itself). */
  image(img: Element): Node;
}

/** Sanitizes an HTML string (see the file comment); links that stay open in a new tab without opener. */
export function sanitizeWith(html: string, rules: SanitizeRules): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  // An explicit stack, not recursion: hostile input can nest thousands of elements deep.
  const stack: Node[] = [...template.content.childNodes];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeType === 3) continue; // text
    const el = node as Element;
    if (node.nodeType !== 1 || DROP.has(el.localName)) {
      node.parentNode?.removeChild(node);
      continue;
    }
    const html = el.namespaceURI === HTML_NS;
    if (html && el.localName === 'img') {
      el.replaceWith(rules.image(el));
      continue;
    }
    const children = [...el.childNodes];
    for (const child of children) stack.push(child);
    if (!html || !KEEP.has(el.localName)) {
      el.replaceWith(...children);
      continue;
    }
    for (const name of el.getAttributeNames()) {
      if (!ATTRS.has(name) && !(name === 'href' && el.localName === 'a')) el.removeAttribute(name);
    }
    if (el.localName === 'a' && el.hasAttribute('href')) {
      if (!rules.allowHref(el.getAttribute('href') ?? '')) el.setAttribute('href', '');
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return template.innerHTML;
}
