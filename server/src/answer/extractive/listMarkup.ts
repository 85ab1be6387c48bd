/** A list block's items, and how deep each is nested: what a quote needs to show a list as the page does. */
import { LIST_ITEM_LINE } from '../../text/markdown.js';

/** A list block's item: its text, and for a line that opens one, its indentation and marker. */
export interface ListItem {
  text: string;
  indent?: number;
  marker?: string;
}

/** A list block becomes its items; other blocks come back whole (as one line). */
export function splitListItems(block: string): ListItem[] {
  const lines = block.split('\n').map((l) => l.replace(/^\s*>\s?/, ''));
  if (!lines.some((l) => LIST_ITEM_LINE.test(l))) return [{ text: lines.join(' ') }];
  const items: ListItem[] = [];
  for (const line of lines) {
    const opens = LIST_ITEM_LINE.exec(line);
    if (opens) items.push({ text: line.slice(opens[0].length), indent: opens[1]!.replace(/\t/g, '    ').length, marker: opens[2]! });
    else if (items.length) items[items.length - 1]!.text += ` ${line.trim()}`;
    else items.push({ text: line });
  }
  return items;
}

/**
 * How deep a list item is, from its indentation and the items before it: a deeper indent than the
 * last item's opens a nested list, a shallower one closes lists down to its own. A paragraph that
 * is not indented ends the list.
 */
export class ListNesting {
  private indents: number[] = [];

  depth(indent: number): number {
    while (this.indents.length > 0 && this.indents.at(-1)! > indent) this.indents.pop();
    if (this.indents.length === 0 || this.indents.at(-1)! < indent) this.indents.push(indent);
    return this.indents.length - 1;
  }

  reset(): void {
    this.indents = [];
  }
}
