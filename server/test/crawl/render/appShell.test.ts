import { describe, expect, it } from 'vitest';
import { looksLikeAppShell, SHELL_MAX_TAGS, shellSignals } from '../../../src/crawl/render/appShell.js';

/** Which fetched pages the crawler sends to Chromium: app shells yes, pages that carry their text no. */
const shell = (body: string, head = '') => `<!doctype html><html><head><title>App</title>${head}</head><body>${body}</body></html>`;
const prose = 'Orbit schedules backups of your servers every night and keeps thirty days of snapshots. '.repeat(4);

describe('looksLikeAppShell', () => {
  it('names the shells of the usual frameworks', () => {
    const shells = [
      shell('<div id="root"></div><script type="module" src="/assets/index-4f2a.js"></script>'),
      shell(
        '<noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/static/js/main.js"></script>',
      ),
      shell('<div id="__next"></div><script src="/_next/static/chunks/main.js"></script>'),
      shell('<div id="app" data-v-app></div><script src="/js/app.js"></script>'),
      shell('<app-root></app-root><script src="runtime.js" type="module"></script><script src="main.js" type="module"></script>'),
      shell('<div id="___gatsby"><div>Loading…</div></div><script src="/app.js"></script>'),
      // No known id, but a plea for JavaScript.
      shell('<div class="mount"></div><noscript>Please enable JavaScript.</noscript><script src="/bundle.js"></script>'),
    ];
    for (const html of shells) expect(looksLikeAppShell(html), html).toBe(true);
  });

  it('leaves server-rendered pages alone, scripts and mount points included', () => {
    expect(looksLikeAppShell(shell(`<div id="root"><main><h1>Orbit</h1><p>${prose}</p></main></div><script src="/app.js"></script>`))).toBe(
      false,
    );
    expect(looksLikeAppShell(shell(`<div id="__next"><article>${prose}</article></div><script src="/_next/main.js"></script>`))).toBe(
      false,
    );
  });

  it('does not render a page without scripts, however empty', () => {
    expect(looksLikeAppShell(shell('<div id="root"></div>'))).toBe(false);
    expect(looksLikeAppShell(shell(''))).toBe(false);
  });

  it('does not render a short static page that has scripts but no mount point', () => {
    expect(looksLikeAppShell(shell('<h1>Contact</h1><p>Write to us.</p><script src="/analytics.js"></script>'))).toBe(false);
  });

  it('counts only text a visitor reads: scripts, styles, templates and noscript carry none', () => {
    const body = `<div id="root"></div><script>window.__DATA__ = ${JSON.stringify({ text: prose })}</script><style>${'.a{color:red}'.repeat(50)}</style><template>${prose}</template><noscript>${prose}</noscript>`;
    const s = shellSignals(shell(body));
    expect(s.textChars).toBe(0);
    expect(s.scripts).toBe(1);
    expect(looksLikeAppShell(shell(body))).toBe(true);
  });

  it('stops reading a page with text once it has seen enough of it', () => {
    const big = shell(`<main>${`<p>${prose}</p>`.repeat(20_000)}</main><div id="root"></div><script src="/app.js"></script>`);
    expect(shellSignals(big, 200).textChars).toBeLessThan(2 * prose.length);
    expect(looksLikeAppShell(big)).toBe(false);
  });

  it('reads hostile HTML in linear time', () => {
    const hostile = '<div id="root">' + '<a '.repeat(50_000) + '<script>' + '<'.repeat(50_000);
    const started = performance.now();
    shellSignals(hostile);
    // Generous: a quadratic scan of this input takes minutes.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('the app-shell check on hostile pages', () => {
  it('reads 200,000 nested elements in a bounded scan, and an unterminated comment or tag ends it', () => {
    const nested = `<html><body><script src="/app.js"></script><div id="root">${'<div>'.repeat(200_000)}${'</div>'.repeat(200_000)}</div></body></html>`;
    const signals = shellSignals(nested);
    // The scan stops past the tag budget instead of walking all 400,000 tags on the main thread.
    expect(signals.tags).toBe(SHELL_MAX_TAGS + 1);
    expect(looksLikeAppShell(nested)).toBe(false);
    expect(shellSignals(`<div id="root"></div><script></script><!-- ${'x'.repeat(1000)}`).textChars).toBe(0);
    expect(shellSignals(`<p>text</p><div id="root" ${'a'.repeat(1000)}`).textChars).toBe(4);
  });
});
