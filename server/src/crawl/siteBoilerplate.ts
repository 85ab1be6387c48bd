import { lineKeys } from './lineKeys.js';
import { isSiteWide } from './siteWide.js';

/**
 * Site-level boilerplate: lines of extracted Markdown (a paragraph, a list item, a table row) that
 * recur on much of the site (siteWide.ts) are dropped from the indexed text, whatever markup
 * produced them. Pages are indexed as they arrive, so each page is cleaned with what the crawl has
 * seen so far; after the crawl, `stale()` names the pages whose verdict changed (a banner met on
 * the first pages before it was known to be everywhere, or a line that looked common early but
 * was not in the end) and `revise()` rebuilds their text exactly from what was stored plus the
 * lines this class kept aside. Headings and code are never dropped: they carry the page's
 * structure and verbatim content.
 *
 * Memory per page: one number per line plus the removed lines, never the page's text.
 */
interface PageRecord {
  /** Per line of the page's original Markdown: its key, or NaN when the line is not a candidate. */
  keys: Float64Array;
  /** Original line numbers removed (in order) with their text, so the original can be rebuilt. */
  removed: [number, string][];
}

export class SiteBoilerplate {
  private pages = 0;
  private readonly pagesWith = new Map<number, number>();
  private readonly records = new Map<string, PageRecord>();

  /**
   * Count a page's lines and return its text without the lines site-wide so far. `elsewhere`: keys
   * of the page's lines that extraction left out (lineKeys.ts), so that a banner counts on every
   * page that shows it, not only on the pages whose extraction happened to keep it.
   */
  admit(url: string, markdown: string, elsewhere: readonly number[] = []): string {
    const lines = markdown.split('\n');
    const keys = lineKeys(lines);
    this.pages++;
    for (const k of new Set([...keys, ...elsewhere])) if (!Number.isNaN(k)) this.pagesWith.set(k, (this.pagesWith.get(k) ?? 0) + 1);
    const { text, removed } = dropLines(lines, keys, (k) => this.siteWide(k));
    this.records.set(url, { keys, removed });
    return text;
  }

  /** Pages whose stored text does not match the verdict on the whole crawl. */
  stale(): string[] {
    const out: string[] = [];
    for (const [url, rec] of this.records) {
      const dropped = new Set(rec.removed.filter(([i]) => !Number.isNaN(rec.keys[i]!)).map(([i]) => i));
      const want = new Set(wantedDrops(rec.keys, (k) => this.siteWide(k)));
      if (dropped.size !== want.size || [...want].some((i) => !dropped.has(i))) out.push(url);
    }
    return out;
  }

  /** The page's text under the final verdict, from the text stored for it; undefined if that text is not ours. */
  revise(url: string, stored: string): string | undefined {
    const rec = this.records.get(url);
    if (!rec) return undefined;
    const kept = stored.split('\n');
    if (kept.length + rec.removed.length !== rec.keys.length) return undefined;
    const lines: string[] = [];
    let r = 0;
    let k = 0;
    for (let i = 0; i < rec.keys.length; i++) lines.push(rec.removed[r]?.[0] === i ? rec.removed[r++]![1] : kept[k++]!);
    const { text, removed } = dropLines(lines, rec.keys, (key) => this.siteWide(key));
    rec.removed = removed;
    return text;
  }

  /** Number of lines now judged site-wide (diagnostics). */
  siteWideLines(): number {
    let n = 0;
    for (const count of this.pagesWith.values()) if (isSiteWide(count, this.pages)) n++;
    return n;
  }

  private siteWide(key: number): boolean {
    return isSiteWide(this.pagesWith.get(key) ?? 0, this.pages);
  }
}

function wantedDrops(keys: Float64Array, siteWide: (k: number) => boolean): number[] {
  const out: number[] = [];
  let candidates = 0;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (Number.isNaN(k)) continue;
    candidates++;
    if (siteWide(k)) out.push(i);
  }
  // A page made only of site-wide lines (a bare listing page) keeps them: an empty page helps nobody.
  return out.length === candidates ? [] : out;
}

/** Remove the wanted lines, and a blank line after each where it would leave two in a row. */
function dropLines(lines: string[], keys: Float64Array, siteWide: (k: number) => boolean): { text: string; removed: [number, string][] } {
  const drops = new Set(wantedDrops(keys, siteWide));
  if (drops.size === 0) return { text: lines.join('\n'), removed: [] };
  const out: string[] = [];
  const removed: [number, string][] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const afterDrop = i > 0 && removed.at(-1)?.[0] === i - 1 && drops.has(i - 1);
    if (drops.has(i) || (afterDrop && line.trim() === '' && (out.length === 0 || out.at(-1)!.trim() === ''))) {
      removed.push([i, line]);
      continue;
    }
    out.push(line);
  }
  return { text: out.join('\n'), removed };
}
