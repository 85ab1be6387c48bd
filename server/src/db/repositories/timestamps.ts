/** Timestamps arrive as Date (driver) or as strings (row_to_json); the API always sends ISO strings. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return utcText(value) ?? new Date(value).toISOString();
  return value.toISOString();
}

/**
 * PostgreSQL's JSON text of a UTC timestamp ("2026-11-24T11:35:27.123456+00:00") rewritten as
 * toISOString() would write it, without parsing a Date: the message listing converts every message's
 * time on each uncached read. Anything else (another offset, no fraction, odd years) gives undefined.
 */
function utcText(text: string): string | undefined {
  if (text.length < 20 || text.length > 32 || text[10] !== 'T' || text[19] !== '.' || !text.endsWith('+00:00')) return undefined;
  const digits = text.slice(20, -6);
  if (!/^\d{1,6}$/.test(digits) || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(text.slice(0, 19))) return undefined;
  return `${text.slice(0, 19)}.${digits.padEnd(3, '0').slice(0, 3)}Z`;
}
