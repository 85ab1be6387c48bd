import { withoutFencedCode } from '../text/markdown.js';
import { MD_LINK_OR_IMAGE } from '../text/markdownLinks.js';

/**
 * The text embedded for a chunk: where it sits (page title › heading path) and what it says, with
 * Markdown syntax and code blocks reduced to words. A small local model reads only the opening words,
 * because its cost grows faster than the length (see LOCAL_PASSAGE_WORDS in shared.ts).
 */
export interface EmbeddablePassage {
  title: string;
  headingPath: string;
  content: string;
}

const MAX_CHARS = 8000;

export function passageText(p: EmbeddablePassage, maxWords?: number): string {
  const where = [p.title, p.headingPath]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' › ');
  let body = withoutFencedCode(p.content)
    .replace(MD_LINK_OR_IMAGE, '$1')
    .replace(/[#*_`>|~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (maxWords !== undefined) body = body.split(' ').slice(0, maxWords).join(' ');
  return `${where}${where && body ? '. ' : ''}${body}`.slice(0, MAX_CHARS);
}
