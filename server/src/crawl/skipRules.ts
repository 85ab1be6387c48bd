/**
 * Which elements of a page are not its text: invisible, interactive, page chrome, or hidden
 * with nothing on the page to open them. The Markdown writer and the extractor's size checks
 * read a page through these rules alike.
 */
import type { Element } from 'domhandler';
import { linkDensity } from './linkDensity.js';

/**
 * Elements never rendered: invisible, interactive or page chrome. (An inline <svg> is read for the
 * words its diagram draws: markdownWriter.ts.)
 */
export const SKIP_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'canvas',
  'math',
  'button',
  'select',
  'input',
  'textarea',
  'nav',
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'track',
  'map',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'dialog',
]);
/**
 * Also dropped when the whole body is the content (no declared main element). An <aside> beside the
 * content is a sidebar; inside a page's declared main region it is part of the text: a note, tip or
 * warning callout (Starlight renders every one as an aside), a footnote (docutils), a sidebar note.
 */
export const PAGE_CHROME_TAGS = new Set(['header', 'footer', 'aside']);
/** An aside whose text is mostly links is a table of contents or "related pages", not a note. */
const ASIDE_MAX_LINK_SHARE = 0.5;
const SKIP_ROLES = new Set(['navigation', 'search', 'banner', 'contentinfo', 'complementary']);
/**
 * Heading links and screen-reader copies, and a blog's visitor comments and reply form (WordPress
 * puts them inside <main>, under the post): what visitors wrote is not what the site says.
 */
const SKIP_CLASSES =
  /(?:^|\s)(?:headerlink|anchorjs-link|sr-only|visually-hidden|skip-link|comments-area|comment-list|commentlist|comment-respond)(?:\s|$)/;

/** Panels a visitor opens with a tab or button on the page (revealable.ts). */
export interface Reveals {
  /** Whether a hidden element is a panel the page lets a visitor open. */
  opens(el: Element): boolean;
  /** The name of the tab or button that opens a panel, to write above its text. */
  label(el: Element): string | undefined;
  /** Whether a tab list only repeats the names already written above its panels. */
  repeats(el: Element): boolean;
}

export function isSkipped(el: Element, pageChrome: boolean, reveals?: Reveals): boolean {
  if (SKIP_TAGS.has(el.name) || (pageChrome && PAGE_CHROME_TAGS.has(el.name))) return true;
  const a = el.attribs;
  if ((a.hidden !== undefined && !reveals?.opens(el)) || a['aria-hidden'] === 'true' || reveals?.repeats(el)) return true;
  if (a.role && SKIP_ROLES.has(a.role) && (pageChrome || a.role === 'navigation' || a.role === 'search')) return true;
  if (a.class !== undefined && SKIP_CLASSES.test(a.class)) return true;
  if (el.name === 'form') return !holdsProse(el);
  return el.name === 'aside' && linkDensity(el) > ASIDE_MAX_LINK_SHARE;
}

/**
 * Whether a <form> holds the page's text rather than being a form: ASP.NET Web Forms wrap every
 * page's whole body in one, and skipping it left short pages with no text at all. Such a form holds
 * the page's headings (or its main region or article). A search box, a contact form or a comment
 * form holds labels and paragraphs of instructions ("Your email address will not be published"),
 * not headings, and stays out; the controls of a form that is read are skipped one by one.
 */
function holdsProse(el: Element): boolean {
  for (const c of el.children) {
    if (c.type !== 'tag') continue;
    const child = c as Element;
    if (/^(h[1-6]|main|article)$/.test(child.name) || holdsProse(child)) return true;
  }
  return false;
}
