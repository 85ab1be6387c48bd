/** Turning untrusted question text into safe full-text search input. */

/** Longest question text that reaches the database; the rest adds nothing to a search. */
export const MAX_QUERY_CHARS = 1000;
/** At most this many distinct lexemes take part in a search. */
export const MAX_QUERY_TERMS = 24;

/** PostgreSQL text cannot hold NUL; other control characters are noise. */
export function cleanQueryText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ').slice(0, MAX_QUERY_CHARS);
}

/**
 * One lexeme as a tsquery operand. Quoting makes every character literal (operators, colons,
 * backslashes, parentheses), so no user text can change the query's structure or make it fail.
 */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** The OR-relaxed query: any of the lexemes. */
export function orQuery(lexemes: string[]): string {
  return lexemes.map(quoteLexeme).join(' | ');
}
