import type { ChildNode, Element } from 'domhandler';
import { isSkipped } from './skipRules.js';

/** Characters of text the Markdown writer would render under these nodes, body chrome excluded. */
export function visibleChars(nodes: ChildNode | ChildNode[]): number {
  let n = 0;
  const walk = (node: ChildNode) => {
    if (node.type === 'text') n += (node as unknown as { data: string }).data.replace(/\s+/g, '').length;
    else if (node.type === 'tag' && !isSkipped(node as Element, true)) for (const c of (node as Element).children) walk(c);
  };
  for (const node of Array.isArray(nodes) ? nodes : [nodes]) walk(node);
  return n;
}
