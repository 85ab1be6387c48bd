import type { ChildNode, Element } from 'domhandler';

/** Share of an element's text that sits inside links (navigation is mostly links; prose is not). */
export function linkDensity(root: Element): number {
  let all = 0;
  let linked = 0;
  const walk = (n: ChildNode, inLink: boolean) => {
    if (n.type === 'text') {
      const len = (n as unknown as { data: string }).data.trim().length;
      all += len;
      if (inLink) linked += len;
    } else if (n.type === 'tag') {
      const el = n as Element;
      for (const c of el.children) walk(c, inLink || el.name === 'a');
    }
  };
  walk(root, false);
  return all === 0 ? 0 : linked / all;
}
