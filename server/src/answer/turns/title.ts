export const MAX_TITLE_CHARS = 60;

/** A short title from the first question: one line, at most 60 characters, cut at a word. */
export function titleFromQuestion(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= MAX_TITLE_CHARS) return line;
  const room = line.slice(0, MAX_TITLE_CHARS - 1);
  const space = room.lastIndexOf(' ');
  const cut = space >= 20 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:.!?-]+$/, '')}…`;
}
