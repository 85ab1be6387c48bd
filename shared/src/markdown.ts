import { Marked, type Tokens } from 'marked';
import { sanitizeWith } from './sanitize';

/** Link schemes the spec keeps; anything else has its href emptied. Scheme-less = relative. */
const LINK_SCHEMES = new Set(['http', 'https', 'ircs', 'irc', 'mailto', 'xmpp']);

/** True when a link target may stay: an allowed scheme, or no scheme at all (relative). */
export function isAllowedHref(raw: string): boolean {
  // Browsers ignore ASCII whitespace/control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const value = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([^:/?#]*):/.exec(value);
  return !scheme || LINK_SCHEMES.has((scheme[1] ?? '').toLowerCase());
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Answers never load images. An image loads by itself, from whatever host its URL names, from any
 * page the widget is on (many have no CSP), and its URL can carry the conversation: an answer (a
 * crawled page quoted, or an LLM told to by a page it read) could leak the chat to any host. Images
 * of the bot's own site would be safe only behind a proxy the server does not have, so every image,
 * Markdown or HTML, becomes a plain link to it (its alt text, or "Image"): nothing is requested
 * until the visitor clicks, and then in a new tab without referrer.
 */
const IMAGE_LINK_TEXT = 'Image';
/** The word renderMarkdown was given for IMAGE_LINK_TEXT (the chat's language's), while it runs. */
let imageText = IMAGE_LINK_TEXT;

/** Longer inline-code words (≈ 225 px of monospace) may wrap inside: a 390 px phone's bubble holds about 36. */
const NOWRAP_MAX = 30;

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    image({ href, text }: Tokens.Image) {
      return `<a href="${escapeHtml(href ?? '')}">${escapeHtml(text || imageText)}</a>`;
    },
    // A code block names its language in a header; one without a language (code quoted from a
    // page) has no header: "text" above it told the reader nothing.
    code({ text, lang }: Tokens.Code) {
      const language = escapeHtml((lang ?? '').trim().split(/\s+/)[0] ?? '');
      const head = language ? `<div class="docent-code-lang">${language}</div>` : '';
      const cls = language ? ` class="language-${language}"` : '';
      return `<div class="docent-code">${head}<pre><code${cls}>${escapeHtml(text)}</code></pre></div>\n`;
    },
    // Inline code breaks only between its words: a hyphen or slash is a line-break opportunity, so
    // `--port` would wrap as "--" / "port". A word too long to fit a narrow bubble may still wrap.
    codespan({ text }: Tokens.Codespan) {
      const words = text
        .split(/( +)/)
        .map((w) => (w.trim() && w.length <= NOWRAP_MAX ? `<span class="docent-nowrap">${escapeHtml(w)}</span>` : escapeHtml(w)));
      return `<code>${words.join('')}</code>`;
    },
  },
});

/** The link an <img> becomes (see IMAGE_LINK_TEXT): built here, so nothing of the image survives but these. */
function imageLink(img: Element): HTMLAnchorElement {
  const a = img.ownerDocument.createElement('a');
  const src = img.getAttribute('src') ?? '';
  if (src && isAllowedHref(src)) a.setAttribute('href', src);
  a.setAttribute('target', '_blank');
  a.setAttribute('rel', 'noopener noreferrer');
  a.textContent = img.getAttribute('alt')?.trim() || imageText;
  return a;
}

/**
 * Sanitizes an HTML string with the chat's rules (sanitize.ts: text elements only, no styles, forms,
 * media or anything else that fetches by itself; allowed link schemes; links in a new tab).
 */
export function sanitizeHtml(html: string): string {
  return sanitizeWith(html, { allowHref: isAllowedHref, image: imageLink });
}

/**
 * Nesting an answer may use: deeper is flattened to this. marked's cost grows with the cube of a
 * list's depth (400 levels took 0.5 s, 2,000 a minute) and 2,000 nested blockquotes overflow its
 * stack; an answer quoting a hostile page, or an LLM told to by one, must not freeze or crash the chat.
 */
const MAX_QUOTE_DEPTH = 16;
const MAX_INDENT = 48;
const TOO_MANY_QUOTES = new RegExp(`^(?:[ \\t]*>){${MAX_QUOTE_DEPTH + 1},}`);

/** Caps blockquote markers and indentation line by line, leaving fenced code as it is. */
function boundNesting(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== undefined) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
        return line;
      }
      if (marker) fence = marker;
      const quotes = TOO_MANY_QUOTES.exec(line);
      if (quotes) line = '>'.repeat(MAX_QUOTE_DEPTH) + ' ' + line.slice(quotes[0].length);
      const indent = /^[ \t]+/.exec(line)?.[0];
      if (indent && indent.length > MAX_INDENT) line = ' '.repeat(MAX_INDENT) + line.slice(indent.length);
      return line;
    })
    .join('\n');
}

/**
 * Markdown (raw HTML allowed) → sanitized HTML safe to insert with innerHTML; never throws. `image`
 * is the link text of an image without alt text, in the chat's language.
 */
export function renderMarkdown(markdown: string, image = IMAGE_LINK_TEXT): string {
  imageText = image;
  try {
    return sanitizeHtml(marked.parse(boundNesting(markdown ?? ''), { async: false }) as string);
  } catch {
    // Whatever still defeats the parser or the sanitizer shows as plain text, not a broken chat.
    return `<p>${escapeHtml(markdown ?? '').replace(/\n/g, '<br>')}</p>`;
  } finally {
    imageText = IMAGE_LINK_TEXT;
  }
}
