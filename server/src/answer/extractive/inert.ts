import { FenceReader } from '../../text/markdown.js';
import { MD_IMAGE, MD_IMAGE_REF } from '../../text/markdownLinks.js';

/**
 * An extractive answer quotes page text, and the chat renders Markdown with raw HTML passed through:
 * a page that shows `&lt;img src="https://tracker…"&gt;` as text (an HTML tutorial, say) would,
 * quoted as is, make every visitor's browser request that image, from any page the widget is on,
 * and an image can carry the conversation in its URL. So outside code, text that looks like HTML
 * is escaped (it was text on the page, and reads the same), and Markdown images are dropped (their
 * alt text stays). Code spans and fenced blocks render as text anyway and are left alone.
 */
export function inertMarkdown(markdown: string): string {
  // Fences as the chat's renderer reads them (CommonMark's indent), so nothing it renders is left unescaped.
  const fences = new FenceReader({ maxIndent: 3 });
  return markdown
    .split('\n')
    .map((line) => {
      if (fences.next(line) !== 'text') return line;
      // Odd pieces are inline code spans.
      return line
        .split(/(`+[^`]*?`+)/)
        .map((piece, i) => (i % 2 === 1 ? piece : inertProse(piece)))
        .join('');
    })
    .join('\n');
}

/**
 * A `<` the page writer escaped (`\<`) is already text to the renderer: escaping it again showed the
 * visitor "&lt;" ("\&lt;sha1>" for git's `<sha1>`). Escape pairs are read first, so `\\<` (a
 * backslash, then a bare `<`) is still escaped.
 */
function inertProse(text: string): string {
  return text
    .replace(MD_IMAGE, '$1')
    .replace(MD_IMAGE_REF, '$1')
    .replace(/\\[\s\S]|</g, (m) => (m === '<' ? '&lt;' : m));
}
