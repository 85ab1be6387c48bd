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
export const mayReveal = (a: Record<string, string>): boolean => a.hidden !== undefined || a.role === 'tabpanel' || a.role === 'tablist';

const MAX_LABEL_CHARS = 120;

/** The page's controls and ids, read once (only for pages where mayReveal held for some element). */
export function collectReveals(root: Document): Reveals {
  const byId = new Map<string, Element>();
  /** Panel id → the control that names it with aria-controls (a tab, an accordion's button). */
  const controls = new Map<string, Element>();
  const tablists: Element[] = [];
  /** Ids that some element names as its label (a panel naming its tab). */
  const labelledBy = new Set<string>();
  const stack: ChildNode[] = [...root.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type !== 'tag') continue;
    const el = node as Element;
    const a = el.attribs;
    if (a.id) byId.set(a.id, el);
    if (a.role === 'tablist') tablists.push(el);
    for (const id of (a['aria-labelledby'] ?? '').split(/\s+/)) if (id) labelledBy.add(id);
    for (const id of (a['aria-controls'] ?? '').split(/\s+/)) if (id && !controls.has(id)) controls.set(id, el);
    for (const c of el.children) stack.push(c);
  }
  const text = (el: Element | undefined) => {
    const t = el ? textContent(el).replace(/\s+/g, ' ').trim() : '';
    return t && t.length <= MAX_LABEL_CHARS ? t : undefined;
  };
  const isPanel = (el: Element) => el.attribs.role === 'tabpanel' || (!!el.attribs.id && controls.has(el.attribs.id));
  const named = (el: Element) => {
    const by = (el.attribs['aria-labelledby'] ?? '').split(/\s+/).filter(Boolean);
    const names = by.map((id) => text(byId.get(id))).filter(Boolean);
    return names.length ? names.join(' ') : text(controls.get(el.attribs.id ?? ''));
  };
  const lists = tablists.map((list) => ({ list, tabs: withRole(list, 'tab') }));
  const { byPosition, repeated } = tabsInOrder(lists, named, text);
  // A tab list whose every tab is tied to its panel by ids (Starlight, the WAI-ARIA pattern).
  const tied = (tab: Element) =>
    (!!tab.attribs.id && labelledBy.has(tab.attribs.id)) || (!!tab.attribs['aria-controls'] && byId.has(tab.attribs['aria-controls']));
  for (const { list, tabs } of lists) if (tabs.length > 0 && tabs.every(tied)) repeated.add(list);
  return {
    opens: (el) => el.attribs['aria-hidden'] !== 'true' && isPanel(el),
    label: (el) => (isPanel(el) ? (named(el) ?? byPosition.get(el)) : undefined),
    repeats: (el) => repeated.has(el),
  };
}

/**
 * Tabs that name their panels by order only (Docusaurus: a list of tabs, then the panels, with no
 * ids between them): the i-th tab names the i-th panel of the nearest enclosing element that holds
 * as many panels as the list has tabs. A tab list whose every panel is named above its text
 * (`repeated`) says the names again, and is not written.
 */
function tabsInOrder(
  lists: { list: Element; tabs: Element[] }[],
  named: (panel: Element) => string | undefined,
  text: (el: Element) => string | undefined,
): { byPosition: Map<Element, string>; repeated: Set<Element> } {
  const byPosition = new Map<Element, string>();
  const repeated = new Set<Element>();
  for (const { list, tabs } of lists) {
    let box = list.parent as Element | null;
    for (let up = 0; box && up < 3; up++, box = box.parent as Element | null) {
      const panels = withRole(box, 'tabpanel');
      if (panels.length === 0) continue;
      if (panels.length !== tabs.length) break;
      panels.forEach((panel, i) => {
        const name = text(tabs[i]!);
        if (name && !named(panel)) byPosition.set(panel, name);
      });
      if (panels.every((panel) => named(panel) ?? byPosition.get(panel))) repeated.add(list);
      break;
    }
  }
  return { byPosition, repeated };
}

/** Elements below `el` with this ARIA role, in document order. */
function withRole(el: Element, role: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Element) => {
    for (const c of node.children) {
      if (c.type !== 'tag') continue;
      if ((c as Element).attribs.role === role) found.push(c as Element);
      else walk(c as Element);
    }
  };
  walk(el);
  return found;
}
