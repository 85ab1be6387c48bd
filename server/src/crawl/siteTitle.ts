/**
 * A bot's name from its start page's <title>, cleaned of what the whole site repeats: "Lumen
 * documentation · Lumen" on a site whose every page ends in " · Lumen" names the bot "Lumen
 * documentation". Pure, so the rules are tested on exact strings (server/test/crawl/siteTitle.test.ts).
 */

/** Separators sites put between a page's own title and the site's name. */
const SEPARATOR = /\s+(?:\||·|•|—|–|-{1,2}|::|»|«|~)\s+/g;
/** Separators that, on a page alone, almost always set off the site's name (a plain hyphen or colon need not). */
const STRONG_SEPARATOR = /\s+(?:\||·|•|—|–|::|»)\s+/g;
/** A start page titled only this says nothing about the bot: the site's name is the better name. */
const GENERIC = /^(?:home|home ?page|index|start|start page|main page|welcome|overview|introduction|documentation|docs)$/i;
/** Longer names are cut at a word (the server's limit is 200; a name is read in a sidebar). */
export const MAX_NAME_CHARS = 80;

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Where each separator of `title` starts and ends. */
function separators(title: string, pattern: RegExp): { start: number; end: number }[] {
  return [...title.matchAll(pattern)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** Cut at a word so the name fits. */
function fit(name: string): string {
  if (name.length <= MAX_NAME_CHARS) return name;
  const room = name.slice(0, MAX_NAME_CHARS - 1);
  const space = room.lastIndexOf(' ');
  return `${(space > 20 ? room.slice(0, space) : room).replace(/[\s,;:.|·—–-]+$/, '')}…`;
}

/**
 * The start page's title without the site-wide part: a suffix (or prefix) set off by a separator
 * that most of the site's titled pages share (at least two of them); on a site of one page, or
 * where nothing is shared, the last part after a strong separator ("Guide | Acme" → "Guide"). A
 * title that is then only "Home" or "Welcome" gives the site's name instead. Null when the page
 * has no usable title.
 */
export function botNameFromTitles(startTitle: string, siteTitles: readonly string[]): string | null {
  const title = tidy(startTitle);
  if (!title) return null;
  const titles = siteTitles.map(tidy).filter(Boolean);
  const quorum = Math.max(2, Math.ceil(titles.length / 2));
  const seps = separators(title, SEPARATOR);
  // The longest shared suffix first: "A · Docs | Acme" on a site of "… · Docs | Acme" pages loses both.
  for (const { start, end } of seps) {
    const suffix = title.slice(start);
    if (titles.filter((t) => t.endsWith(suffix)).length >= quorum) return named(title.slice(0, start), title.slice(end));
  }
  for (const { start, end } of [...seps].reverse()) {
    const prefix = title.slice(0, end);
    if (titles.filter((t) => t.startsWith(prefix)).length >= quorum) return named(title.slice(end), title.slice(0, start));
  }
  const strong = separators(title, STRONG_SEPARATOR);
  const last = strong[strong.length - 1];
  if (last && titles.length <= 1) return named(title.slice(0, last.start), title.slice(last.end));
  return fit(title);
}

/** The page's own part, or the site's part when the page's says nothing ("Home"). */
function named(own: string, site: string): string | null {
  const page = tidy(own);
  const rest = tidy(site);
  if (!page || GENERIC.test(page)) return rest ? fit(rest) : page ? fit(page) : null;
  return fit(page);
}
