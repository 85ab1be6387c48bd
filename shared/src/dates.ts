/**
 * The spec's date formats through Intl (no date library: the widget stays small). Always the
 * English month names the spec shows; the user's time zone.
 */
const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat('en-US', options)));
  return f;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function parts(f: Intl.DateTimeFormat, d: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(d)) out[p.type] = p.value;
  return out;
}

/** 'HH:mm' (24-hour), e.g. 09:05; '' for a missing or invalid date. */
export function formatTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  const p = parts(fmt('t', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }), d);
  return `${p.hour}:${p.minute}`;
}

/** 'MMM d, yyyy', e.g. Jan 5, 2025. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  const p = parts(fmt('d', { month: 'short', day: 'numeric', year: 'numeric' }), d);
  return `${p.month} ${p.day}, ${p.year}`;
}

/** 'MMM d, h:mm a', e.g. Jan 5, 3:07 PM. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  const p = parts(fmt('dt', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }), d);
  return `${p.month} ${p.day}, ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`;
}
