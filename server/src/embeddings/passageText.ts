/**
 * The text embedded for a chunk: where it sits (page title › heading path) and what it says, with
 * Markdown syntax and code blocks reduced to words. A small local model reads only the opening words:
 * its cost grows faster than the length, and a passage's topic is set by its heading and first
 * sentences (eval/README.md, "Semantic retrieval", has the measurement).
 */
export interface EmbeddablePassage {
  title: string;
  headingPath: string;
  content: string;
}

const MAX_CHARS = 8000;

export function passageText(p: EmbeddablePassage, maxWords?: number): string {
  const where = [p.title, p.headingPath].map((s) => s.trim()).filter(Boolean).join(' › ');
  let body = p.content
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>|~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (maxWords !== undefined) body = body.split(' ').slice(0, maxWords).join(' ');
  return `${where}${where && body ? '. ' : ''}${body}`.slice(0, MAX_CHARS);
}
