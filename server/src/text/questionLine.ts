import { atxHeading } from './markdown.js';

/**
 * A block that is one bold span and nothing else: how the page writer renders `<dt>` and `<p><b>`.
 * Up to 600 characters: API signatures in a `<dt>` run to hundreds.
 */
export const LONE_BOLD = /^\*\*([^\n]{1,600}?)\*\*$/;

const lone = (block: string | undefined) => block !== undefined && LONE_BOLD.test(block.trim());

/**
 * The question of an FAQ entry, when block `i` is one ("**How do I configure a different editor?**",
 * from a `<dt>` or a bold paragraph): a lone bold line that asks, with prose after it and no lone bold
 * line on either side. It heads the answer below it as a sub-heading would, so the chunker starts a
 * section there and the answerer reads the answer under it. A table of contents (bold lines one
 * after another, "2.5. Why Debian Bullseye?") is not a list of questions. The Markdown inside the
 * bold span is returned as it is.
 */
export function questionLine(blocks: readonly string[], i: number): string | undefined {
  const bold = LONE_BOLD.exec(blocks[i]!.trim());
  const text = bold?.[1]!.trim();
  if (!text?.endsWith('?') || text.includes('**')) return undefined;
  const next = blocks[i + 1]?.trim();
  if (lone(blocks[i - 1]) || !next || lone(next) || atxHeading(next)) return undefined;
  return text;
}
