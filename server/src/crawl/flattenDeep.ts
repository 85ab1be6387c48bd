import type { ChildNode, Document, Element, Text } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/**
 * Hostile or broken pages nest elements thousands deep (`<div>` × 2,000 is 10 KB). Everything that
 * walks the tree recursively (the Markdown writer, Readability's cleaning, which is quadratic in the
 * depth) then takes seconds or overflows the stack. Real pages stay far shallower (the dev corpora's
 * deepest is under 30 levels), so below this depth the structure is dropped and the text kept:
 * an element at the cap gets its descendants' text as flat children, links kept as links.
 */
export const MAX_TREE_DEPTH = 128;

// New nodes come from the parser's own node classes: htmlparser2 bundles its own domhandler, so
// nodes made from (or tested with instanceof against) the top-level copy would be foreign to it.
const sample = parseDocument('<a>x</a>').children[0] as Element;
const ElementNode = sample.constructor as new (name: string, attribs: Record<string, string>) => Element;
const TextNode = sample.children[0]!.constructor as new (data: string) => Text;

const isElement = (n: ChildNode): n is Element => n.type === 'tag' || n.type === 'script' || n.type === 'style';
const isText = (n: ChildNode): n is Text => n.type === 'text';

/** Flattens, in place and without recursion, every subtree deeper than `maxDepth`; returns the tree's depth before. */
export function flattenDeep(root: Document, maxDepth = MAX_TREE_DEPTH): number {
  let deepest = 0;
  const stack: Array<[ChildNode, number]> = root.children.map((c): [ChildNode, number] => [c, 1]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!isElement(node)) continue;
    deepest = Math.max(deepest, depth);
    if (depth >= maxDepth && node.children.some(isElement)) {
      deepest = Math.max(deepest, depthBelow(node, depth));
      setChildren(node, flatText(node));
      continue;
    }
    for (const c of node.children) stack.push([c, depth + 1]);
  }
  return deepest;
}

/** The deepest element level under `el` (which sits at `depth`), counted without recursion. */
function depthBelow(el: Element, depth: number): number {
  let deepest = depth;
  const stack: Array<[Element, number]> = [[el, depth]];
  while (stack.length > 0) {
    const [node, d] = stack.pop()!;
    deepest = Math.max(deepest, d);
    for (const c of node.children) if (isElement(c)) stack.push([c, d + 1]);
  }
  return deepest;
}

/**
 * The text under `el` in document order as flat nodes: text nodes, a space where an element began
 * or ended (so words of adjacent blocks do not run together), and each link as an `<a>` holding its
 * own text. Scripts, styles and templates are dropped, as the Markdown writer would.
 */
function flatText(el: Element): ChildNode[] {
  const out: ChildNode[] = [];
  const stack: ChildNode[] = [...el.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) out.push(new TextNode(node.data));
    if (!isElement(node) || node.name === 'script' || node.name === 'style' || node.name === 'template') continue;
    out.push(new TextNode(' '));
    if (node.name === 'a' && node.attribs.href !== undefined) {
      const link = new ElementNode('a', { ...node.attribs });
      setChildren(link, [new TextNode(allText(node))]);
      out.push(link, new TextNode(' '));
      continue;
    }
    stack.push(new TextNode(' '));
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

function allText(el: Element): string {
  let s = '';
  const stack: ChildNode[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) s += node.data;
    else if (isElement(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return s;
}

function setChildren(parent: Element, children: ChildNode[]): void {
  parent.children = children;
  children.forEach((c, i) => {
    c.parent = parent;
    c.prev = children[i - 1] ?? null;
    c.next = children[i + 1] ?? null;
  });
}
