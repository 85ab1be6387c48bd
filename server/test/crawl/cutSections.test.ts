import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { extractPage } from '../../src/crawl/extract.js';
import { cutsSectionWhole, ownContentsLists } from '../../src/crawl/cutSections.js';

const words = (topic: string) => `${topic} ${'is explained here at some length so that the section reads like prose. '.repeat(6)}`;
/** A DocBook section: its title inside three wrapper divs, with an unclosed <a id/> spanning the title. */
const section = (id: string, title: string, body: string) =>
  `<div class="section"><div class="titlepage"><div><div><h3 class="title"><a id="${id}"/>${title}</h3></div></div></div>${body}</div>`;

describe('a long page of many sections (a DocBook chapter)', () => {
  const toc = (href: (id: string) => string) =>
    `<div class="toc"><p><b>Contents</b></p><dl><dt><a href="${href('s1')}">2.1. Upgrades</a></dt>` +
    `<dt><a href="${href('s2')}">2.2. Bandwidth</a></dt><dt><a href="${href('s3')}">2.3. Downgrades</a></dt></dl></div>`;
  const chapter = (tocHtml: string) =>
    `<html><head><title>Chapter 2</title></head><body><div class="navheader"><a href="ch01.html">Prev</a></div><div class="chapter">` +
    `<div class="titlepage"><div><div><h1 class="title"><a id="ch2"/>Chapter 2. Packages</h1></div></div></div>${tocHtml}` +
    section(
      's1',
      '2.1. Automatic upgrades',
      `<p>${words('Automatic upgrading')}</p><p>${words('The cron script')}</p><p>${words('Unattended upgrades')}</p>`,
    ) +
    section('s2', '2.2. Limiting download bandwidth', '<p>To limit the bandwidth, set:</p><pre>Acquire::http::Dl-Limit "800";</pre>') +
    section('s3', '2.3. Emergency downgrading', `<p>${words('Downgrading')}</p><p>${words('Pinning')}</p><p>${words('Snapshots')}</p>`) +
    `</div></body></html>`;

  it('keeps every section title, and a short section between long ones, with its setting', () => {
    const page = extractPage(chapter(toc((id) => `#${id}`)), 'https://ref.example/ch02.html');
    for (const title of ['Automatic upgrades', 'Limiting download bandwidth', 'Emergency downgrading'])
      expect(page.markdown).toMatch(new RegExp(`^#+ 2\\.\\d\\. ${title}$`, 'm'));
    expect(page.markdown).toContain('Acquire::http::Dl-Limit "800";');
  });

  it("leaves out the page's own table of contents, written with or without the page's name", () => {
    for (const href of [(id: string) => `#${id}`, (id: string) => `ch02.html#${id}`]) {
      const page = extractPage(chapter(toc(href)), 'https://ref.example/ch02.html');
      expect(page.markdown).not.toContain('2.2. Bandwidth');
      expect(page.markdown).toContain('2.2. Limiting download bandwidth');
    }
  });

  it("keeps a list of other pages' sections (a book's index page is its contents)", () => {
    const page = extractPage(chapter(toc((id) => `ch03.html#${id}`)), 'https://ref.example/ch02.html');
    expect(page.markdown).toContain('2.2. Bandwidth');
  });
});

describe('cutsSectionWhole', () => {
  const tree = (html: string) => parseDocument(html).children;
  const body = tree(
    `<h1>Title</h1><p>Opening words.</p><h2>One</h2><p>${words('First')}</p><h2>Two</h2><p>Short second section.</p><h2>Three</h2><p>${words('Third')}</p><h2>See also</h2><p>Other pages.</p>`,
  );

  it('is true when a section between two kept ones is gone, heading and text', () => {
    expect(cutsSectionWhole(body, tree(`<h2>One</h2><p>${words('First')}</p><h2>Three</h2><p>${words('Third')}</p>`))).toBe(true);
  });

  it("is false for a trim of the page's ends, or a heading dropped while its text stays", () => {
    const trimmed = tree(
      `<h2>One</h2><p>${words('First')}</p><h2>Two</h2><p>Short second section.</p><h2>Three</h2><p>${words('Third')}</p>`,
    );
    expect(cutsSectionWhole(body, trimmed)).toBe(false);
    const headingLost = tree(`<h2>One</h2><p>${words('First')}</p><p>Short second section.</p><h2>Three</h2><p>${words('Third')}</p>`);
    expect(cutsSectionWhole(body, headingLost)).toBe(false);
  });

  it('ignores whitespace that Readability rewrites', () => {
    const spaced = tree(
      `<h2> One </h2>\n<p>${words('First').replace(/ /g, '\n ')}</p><h2>Two</h2><p>Short   second\nsection.</p><h2>Three</h2><p>${words('Third')}</p>`,
    );
    expect(cutsSectionWhole(body, spaced)).toBe(false);
  });
});

describe('ownContentsLists', () => {
  const lists = (html: string, url = 'https://x.example/page.html') => ownContentsLists(parseDocument(html).children, url, url).size;

  it('needs three links, nearly all into this page, and mostly link text', () => {
    expect(lists('<ul><li><a href="#a">A</a></li><li><a href="#b">B</a></li><li><a href="#c">C</a></li></ul>')).toBe(1);
    expect(lists('<ul><li><a href="#a">A</a></li><li><a href="#b">B</a></li></ul>')).toBe(0);
    expect(lists('<ul><li><a href="#a">A</a></li><li><a href="/b">B</a></li><li><a href="/c">C</a></li></ul>')).toBe(0);
    // A glossary whose definitions point to each other is content.
    const defs = ['a', 'b', 'c'].map(
      (t) => `<dt>${t}</dt><dd>A long definition of ${t} in plain words, see <a href="#${t}x">${t}x</a>.</dd>`,
    );
    expect(lists(`<dl>${defs.join('')}</dl>`)).toBe(0);
  });

  it('survives hostile hrefs', () => {
    expect(
      lists('<ul><li><a href="http://[::1">A</a></li><li><a href="javascript:alert(1)#x">B</a></li><li><a href="#">C</a></li></ul>'),
    ).toBe(0);
  });
});
