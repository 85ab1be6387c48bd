import { describe, expect, it } from 'vitest';
import { decodeBody } from '../../src/crawl/charset.js';
import { parseRobots } from '../../src/crawl/robots.js';
import { parseSitemap } from '../../src/crawl/sitemap.js';
import { acceptableCanonical, inScope, looksLikePage, normalizeUrl, scopeOf } from '../../src/crawl/urls.js';

describe('URL hygiene', () => {
  it('drops fragments and tracking parameters, keeps real parameters', () => {
    expect(normalizeUrl('https://Docs.Example.com:443/a/b.html?utm_source=x&page=2&gclid=1&fbclid=2#top')).toBe(
      'https://docs.example.com/a/b.html?page=2',
    );
    expect(normalizeUrl('../c.html#x', 'https://example.com/a/b/index.html')).toBe('https://example.com/a/c.html');
  });
  it('leaves queries without tracking parameters byte for byte', () => {
    for (const q of ['?a', '?a=', '?q=a%20b', '?q=a+b', '?x=1&&y=2', '?b=2&a=1', '?k=%E2%82%AC&flag'])
      expect(normalizeUrl(`https://h/p${q}`)).toBe(`https://h/p${q}`);
  });
  it('removes only the tracking pairs, keeping the others exactly as written', () => {
    expect(normalizeUrl('https://h/p?a&utm_source=x&q=a%20b+c&fbclid=1&flag=')).toBe('https://h/p?a&q=a%20b+c&flag=');
    expect(normalizeUrl('https://h/p?utm_source=x&utm_medium=y')).toBe('https://h/p');
    expect(normalizeUrl('https://h/p?%75tm_source=x&b')).toBe('https://h/p?b'); // encoded key is still utm_source
  });
  it('rejects non-http schemes and credentials', () => {
    for (const u of ['mailto:a@b.c', 'javascript:alert(1)', 'file:///etc/passwd', 'ftp://x/', 'data:,x', 'http://u:p@x/'])
      expect(normalizeUrl(u)).toBeUndefined();
  });
  it('refuses a URL whose normal form is over 2,048 characters, so a normal form always normalises again', () => {
    const typed = `https://example.com/${'é'.repeat(600)}`; // 620 characters typed, 3,620 encoded
    expect(normalizeUrl(typed)).toBeUndefined();
    const fits = `https://example.com/${'é'.repeat(300)}`;
    expect(normalizeUrl(normalizeUrl(fits)!)).toBe(normalizeUrl(fits));
  });
  it('keeps the crawl on the start host, optionally under its directory', () => {
    const scope = scopeOf('https://example.com/docs/intro.html', true);
    expect(inScope('https://example.com/docs/api.html', scope)).toBe(true);
    expect(inScope('https://example.com/blog/', scope)).toBe(false);
    expect(inScope('https://evil.com/docs/', scopeOf('https://example.com/'))).toBe(false);
  });
  it('follows only page-like links', () => {
    expect(looksLikePage('https://x/a/guide')).toBe(true);
    expect(looksLikePage('https://x/a/guide.html')).toBe(true);
    expect(looksLikePage('https://x/a/logo.PNG')).toBe(false);
    expect(looksLikePage('https://x/_sources/a.rst.txt')).toBe(false);
  });
  it('honours canonical links only on the same scheme and host', () => {
    expect(acceptableCanonical('file:///usr/share/doc/x.html', 'http://h/x.html')).toBeUndefined();
    expect(acceptableCanonical('https://other.com/x', 'http://h/x.html')).toBeUndefined();
    expect(acceptableCanonical('https://h/x.html', 'http://h/x.html')).toBeUndefined();
    expect(acceptableCanonical('/y.html', 'http://h/x.html')).toBe('http://h/y.html');
  });
});

describe('robots.txt', () => {
  const robots = parseRobots(
    'https://h/robots.txt',
    'User-agent: DocentBot\nDisallow: /private/\nCrawl-delay: 2\n\nUser-agent: *\nDisallow: /\nSitemap: https://h/s.xml',
    'DocentBot/0.1 (+https://x)',
  );
  it('applies the group for our user agent', () => {
    expect(robots.isAllowed('https://h/docs/')).toBe(true);
    expect(robots.isAllowed('https://h/private/x')).toBe(false);
    expect(robots.crawlDelaySeconds).toBe(2);
    expect(robots.sitemaps).toEqual(['https://h/s.xml']);
  });
  it('caps absurd crawl delays', () => {
    expect(parseRobots('https://h/robots.txt', 'User-agent: *\nCrawl-delay: 86400', 'DocentBot').crawlDelaySeconds).toBe(30);
  });
});

describe('sitemaps', () => {
  it('reads url sets and sitemap indexes, with entities and CDATA', () => {
    expect(
      parseSitemap('<urlset><url><loc> https://h/a?x=1&amp;y=2 </loc></url><url><loc><![CDATA[https://h/b]]></loc></url></urlset>'),
    ).toEqual({ urls: ['https://h/a?x=1&y=2', 'https://h/b'], sitemaps: [] });
    expect(parseSitemap('<sitemapindex><sitemap><loc>https://h/s1.xml</loc></sitemap></sitemapindex>')).toEqual({
      urls: [],
      sitemaps: ['https://h/s1.xml'],
    });
    expect(
      parseSitemap('<URLSET><URL><LOC>\n  <![CDATA[ https://h/c ]]>\n</LOC></URL><url><loc>https://h/d</loc ></url></URLSET>').urls,
    ).toEqual(['https://h/c']);
    expect(parseSitemap('<urlset><url><loc><![CDATA[https://h/e</loc></url><url><loc>https://h/f</loc></url>').urls).toEqual([
      'https://h/f',
    ]);
  });

  it('reads a hostile sitemap in time proportional to its size', () => {
    // "<loc>" and 400 spaces with no "</loc>" took the regex this replaced minutes (200 spaces: 5 s).
    const xml = `<urlset>${'<url><loc>'.repeat(2000)}${' '.repeat(200_000)}<![CDATA[${' '.repeat(100_000)}<url><loc>https://h/ok</loc></url></urlset>`;
    const t0 = performance.now();
    expect(parseSitemap(xml).urls).toEqual(['https://h/ok']);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe('charset decoding', () => {
  it('uses the header charset, then <meta charset>, then UTF-8', () => {
    expect(decodeBody(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]), 'text/html; charset=windows-1252')).toBe('café €');
    expect(decodeBody(Buffer.from('<meta charset="iso-8859-1">caf\xe9', 'latin1'), 'text/html')).toBe('<meta charset="iso-8859-1">café');
    expect(decodeBody(Buffer.from('café'), 'text/html')).toBe('café');
    expect(decodeBody(Buffer.from('café'), 'text/html; charset=no-such-charset')).toBe('café');
  });
});
