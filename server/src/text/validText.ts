/**
 * Text PostgreSQL can store as it was meant: no NUL (a `text` value cannot hold one; the whole
 * statement fails) and no unpaired UTF-16 surrogate (not a character: encoding it to UTF-8 turns
 * it silently into U+FFFD). API input with either is refused; crawled text is cleaned.
 */
const INVALID = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const INVALID_ALL = new RegExp(INVALID.source, 'g');

export const INVALID_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/** Whether the string holds neither NUL nor an unpaired surrogate. */
export const isValidText = (s: string): boolean => !INVALID.test(s);

/** The string without NUL characters and unpaired surrogates (a page's stray bytes are not content). */
export const cleanText = (s: string): string => (INVALID.test(s) ? s.replace(INVALID_ALL, '') : s);
