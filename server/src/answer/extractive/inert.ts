/**
 * An extractive answer quotes page text, and the chat renders Markdown with raw HTML passed through:
 * a page that shows `&lt;img src="https://tracker…"&gt;` as text (an HTML tutorial, say) would,
 * quoted as is, make every visitor's browser request that image, from any page the widget is on,
 * and an image can carry the conversation in its URL. So outside code, text that looks like HTML
 * is escaped (it was text on the page, and reads the same), and Markdown images are dropped (their
 * alt text stays). Code spans and fenced blocks render as text anyway and are left alone.
 */
export function inertMarkdown(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
        return line;
      }
      if (marker) {
        fence = marker;
        return line;
      }
      // Odd pieces are inline code spans.
      return line
        .split(/(`+[^`]*?`+)/)
        .map((piece, i) => (i % 2 === 1 ? piece : inertProse(piece)))
        .join('');
    })
    .join('\n');
}

function inertProse(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!\[([^\]]*)\](?:\[[^\]]*\])?/g, '$1')
    .replace(/</g, '&lt;');
}
