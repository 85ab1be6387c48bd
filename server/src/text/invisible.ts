/**
 * Characters a reader never sees that split a word in the index: the soft hyphen, the zero-width
 * space, the word joiner and the byte-order mark. Docusaurus ends every heading with a heading link
 * whose text is one zero-width space; glued to the heading's last word it made "installation\u200b",
 * a word no question has (PostgreSQL's parser keeps it inside the token). The zero-width joiner and
 * non-joiner stay: they change how Indic and Persian script is written.
 */
const INVISIBLE = /[\u00ad\u200b\u2060\ufeff]/g;

export const dropInvisible = (s: string): string => s.replace(INVISIBLE, '');
