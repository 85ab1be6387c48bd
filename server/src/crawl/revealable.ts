/**
 * Text a visitor opens with a control on the page: the tabs of an install guide (npm / Yarn, macOS
 * / Windows), the answers of an FAQ accordion, a "details" disclosure built with ARIA. Docusaurus,
 * Starlight and the WAI-ARIA patterns ship every panel in the HTML and put `hidden` on all but the
 * open one. That text is the page's all the same (the Windows tab answers the Windows question), so
 * it is read, each panel under the name of the control that opens it. Hidden text no control opens
 * (templates, closed dialogs, the other language's copy) stays out.
 */
import type { ChildNode, Document, Element } from 'domhandler';
import { textContent } from './markdownWriter.js';
import type { Reveals } from './skipRules.js';

/** Whether a page needs the walk below: it has a tab panel or an element hidden until opened. */
export const mayReveal = (a: Record<string, string>): boolean => a.hidden !== undefined || a.role === 'tabpanel';

const MAX_LABEL_CHARS = 120;

/** The page's controls and ids, read once (only for pages where mayReveal held for some element). */
export function collectReveals(root: Document): Reveals {
  const byId = new Map<string, Element>();
  /** Panel id → the control that names it with aria-controls (a tab, an accordion's button). */
  const controls = new Map<string, Element>();
  const stack: ChildNode[] = [...root.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type !== 'tag') continue;
    const el = node as Element;
    const a = el.attribs;
    if (a.id) byId.set(a.id, el);
    for (const id of (a['aria-controls'] ?? '').split(/\s+/)) if (id && !controls.has(id)) controls.set(id, el);
    for (const c of el.children) stack.push(c);
  }
  const text = (el: Element | undefined) => {
    const t = el ? textContent(el).replace(/\s+/g, ' ').trim() : '';
    return t && t.length <= MAX_LABEL_CHARS ? t : undefined;
  };
  const isPanel = (el: Element) => el.attribs.role === 'tabpanel' || (!!el.attribs.id && controls.has(el.attribs.id));
  return {
    opens: (el) => el.attribs['aria-hidden'] !== 'true' && isPanel(el),
    label(el) {
      if (!isPanel(el)) return undefined;
      const by = (el.attribs['aria-labelledby'] ?? '').split(/\s+/).filter(Boolean);
      const named = by.map((id) => text(byId.get(id))).filter(Boolean);
      return named.length ? named.join(' ') : text(controls.get(el.attribs.id ?? ''));
    },
  };
}
