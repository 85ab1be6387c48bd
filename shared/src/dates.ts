/**
 * The spec's date formats through Intl (no date library: the widget stays small), with the English
 * month names the spec shows; the user's time zone. A visitor's chat in another language passes
 * it (`lang`) and gets the same fields in that language's own order and month names.
 */
const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(key: string, options: Intl.DateTimeFormatOptions, lang = 'en-US'): Intl.DateTimeFormat {
  let f = cache.get(key + lang);
  if (!f) cache.set(key + lang, (f = new Intl.DateTimeFormat(lang, options)));
  return f;
}

/** The date in a language other than English, as that language writes it; undefined for English (the spec's format). */
function inLanguage(d: Date, key: string, options: Intl.DateTimeFormatOptions, lang: string | undefined): string | undefined {
  return lang && !lang.startsWith('en') ? fmt(key, options, lang).format(d) : undefined;
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

/** 'MMM d, yyyy', e.g. Jan 5, 2025 (in another `lang`, e.g. 5. Jan. 2025). */
export function formatDate(value: string | number | Date | null | undefined, lang?: string): string {
  const d = toDate(value);
  if (!d) return '';
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
  const own = inLanguage(d, 'd', options, lang);
  if (own) return own;
  const p = parts(fmt('d', options), d);
  return `${p.month} ${p.day}, ${p.year}`;
}

/** 'MMM d, h:mm a', e.g. Jan 5, 3:07 PM (in another `lang`, e.g. 5. Jan., 15:07). */
export function formatDateTime(value: string | number | Date | null | undefined, lang?: string): string {
  const d = toDate(value);
  if (!d) return '';
  const own = inLanguage(d, 'dl', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }, lang);
  if (own) return own;
  const p = parts(fmt('dt', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }), d);
  return `${p.month} ${p.day}, ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`;
}
