import { describe, expect, it } from 'vitest';
import { extractPage, extractText } from '../../src/crawl/extract.js';
import { distinctLineKeys } from '../../src/crawl/lineKeys.js';

const para = (s: string) => `<p>${s} ${'More words about this topic for the reader. '.repeat(4)}</p>`;

describe('extractPage', () => {
  it('takes the declared main content as Markdown, without chrome', () => {
    const html = `<html><head><title>API &amp; Guide</title></head><body>
      <header><nav><a href="/a">A</a></nav></header>
      <main><h1>Guide <a class="headerlink" href="#g">¶</a></h1>${para('Intro.')}
        <h2>Steps</h2><ol><li>Install <code>pkg</code></li><li>Run it<ul><li>fast</li></ul></li></ol>
        <pre>line 1\n  line 2 &lt;tag&gt;</pre>
        <table><tr><th>Name</th><th>Value</th></tr><tr><td>a</td><td>1</td></tr></table>
        <aside>Related: <a href="/a">SIDEBAR links to other guides</a></aside><script>var x = 1;</script>
        <dl><dt>f(x)</dt><dd>Returns x.</dd></dl></main>
      <footer>FOOTER</footer></body></html>`;
    const page = extractPage(html, 'https://docs.example.com/guide/');
    expect(page.method).toBe('declared');
    expect(page.title).toBe('API & Guide');
    expect(page.markdown).toBe(
      [
        '# Guide',
        '',
        `Intro. ${'More words about this topic for the reader. '.repeat(4).trim()}`,
        '',
        '## Steps',
        '',
        '1. Install `pkg`',
        '2. Run it',
        '   - fast',
        '',
        '```',
        'line 1',
        '  line 2 <tag>',
        '```',
        '',
        '| Name | Value |',
        '| --- | --- |',
        '| a | 1 |',
        '',
        '**f(x)**',
        '',
        'Returns x.',
      ].join('\n'),
    );
    expect(page.links).toEqual(['https://docs.example.com/a', 'https://docs.example.com/guide/']); // the ¶ anchor is the page itself
  });

  it('keeps a note, tip or footnote the main region holds in an <aside>, not a sidebar beside it', () => {
    // Starlight renders every callout as an aside inside <main>; docutils renders footnotes so.
    const html = `<html><head><title>Setup</title></head><body>
      <aside class="sidebar"><p>Sidebar: SIDEBARTOKEN</p></aside>
      <main><h1>Setup</h1>${para('Install it.')}
        <aside aria-label="Caution" class="starlight-aside starlight-aside--caution">
          <p class="starlight-aside__title" aria-hidden="true"><svg><path d="M0"/></svg>Caution</p>
          <section class="starlight-aside__content"><p>Never run the installer as root: it rewrites /etc/hosts.</p></section>
        </aside>
        <aside class="footnote brackets" role="note"><span class="label">1</span><p>Tested on Debian 12.</p></aside>
        <aside class="toc">On this page <a href="#a">Install it</a> <a href="#b">Configure it</a></aside>
      </main></body></html>`;
    const md = extractPage(html, 'https://docs.example.com/setup').markdown;
    expect(md).toContain('Never run the installer as root: it rewrites /etc/hosts.');
    expect(md).toContain('Tested on Debian 12.');
    expect(md).not.toContain('SIDEBARTOKEN');
    expect(md).not.toContain('Configure it');
    // With no declared main region, an aside is still the page's sidebar.
    const bare = extractPage(html.replace(/<\/?main>/g, ''), 'https://docs.example.com/setup').markdown;
    expect(bare).not.toContain('SIDEBARTOKEN');
  });

  it('reads every tab and accordion panel, hidden until opened, under the name of its control', () => {
    // Starlight's tabs (the panel names its tab), and the WAI-ARIA accordion (a button controls the panel).
    const html = `<html><head><title>Install</title></head><body><main><h1>Install</h1>${para('Pick your system.')}
      <ul role="tablist"><li><a role="tab" id="tab-0" href="#tab-panel-0">macOS</a></li><li><a role="tab" id="tab-1" href="#tab-panel-1">Windows</a></li></ul>
      <div role="tabpanel" id="tab-panel-0" aria-labelledby="tab-0"><pre>brew install lumen</pre></div>
      <div role="tabpanel" id="tab-panel-1" aria-labelledby="tab-1" hidden><p>Run the installer from an admin prompt:</p><pre>winget install lumen</pre></div>
      <h2>FAQ</h2>
      <h3><button type="button" aria-expanded="false" aria-controls="faq-1" id="faq-1-q">Is Lumen free?</button></h3>
      <div id="faq-1" role="region" aria-labelledby="faq-1-q" hidden><p>Yes: MIT licensed, for any use.</p></div>
      <div hidden><p>OTHERLANG copy that no control opens</p></div>
      <div role="tabpanel" aria-hidden="true" hidden><p>DECORATIVE copy</p></div>
    </main></body></html>`;
    const md = extractPage(html, 'https://docs.example.com/install').markdown;
    expect(md).toContain('**macOS**\n\n```\nbrew install lumen\n```');
    expect(md).toContain('**Windows**\n\nRun the installer from an admin prompt:\n\n```\nwinget install lumen\n```');
    expect(md).toContain('**Is Lumen free?**\n\nYes: MIT licensed, for any use.');
    expect(md).not.toContain('OTHERLANG');
    expect(md).not.toContain('DECORATIVE');
    // The tab list only repeats the names now written above the panels.
    expect(md).not.toMatch(/^- macOS$/m);
  });

  it('names the panels of tabs that name them by order only (Docusaurus)', () => {
    const html = `<html><head><title>Install</title></head><body><main><h1>Install</h1>${para('Pick your package manager.')}
      <div class="tabs-container"><ul role="tablist" class="tabs"><li role="tab" aria-selected="true">npm</li><li role="tab" aria-selected="false">Yarn</li></ul>
      <div class="margin-top--md"><div role="tabpanel"><pre><code>npm install lumen</code></pre></div>
      <div role="tabpanel" hidden=""><pre><code>yarn add lumen</code></pre></div></div></div>
      <ul role="tablist"><li role="tab">Only</li><li role="tab">Two</li></ul><div role="tabpanel"><p>A list with one panel for two tabs keeps its names.</p></div>
    </main></body></html>`;
    const md = extractPage(html, 'https://docs.example.com/install').markdown;
    expect(md).toContain('**npm**\n\n```\nnpm install lumen\n```\n\n**Yarn**\n\n```\nyarn add lumen\n```');
    expect(md).not.toMatch(/^- npm$/m);
    expect(md).toContain('- Only\n- Two\n\nA list with one panel for two tabs keeps its names.');
  });

  it('drops characters no reader sees, which would split the words they sit in', () => {
    // Docusaurus ends every heading with a link whose text is a zero-width space; pages hyphenate with &shy;.
    const html = `<html><head><title>Setup&#8203;</title></head><body><main>
      <h2 class="anchor" id="installation">Installation<a href="#installation" class="hash-link" aria-label="Direct link to Installation">&#8203;</a></h2>
      ${para('Edit the con&shy;figuration file, then restart.')}<pre>npm&#8203;install lumen</pre></main></body></html>`;
    const page = extractPage(html, 'https://docs.example.com/setup');
    expect(page.title).toBe('Setup');
    expect(page.markdown).toMatch(/^## Installation\n\nEdit the configuration file, then restart\./);
    expect(page.markdown).toContain('```\nnpminstall lumen\n```');
    expect(page.markdown).not.toMatch(/[\u00ad\u200b]/);
  });

  it('writes a code block with line numbers as the code alone, not as a table', () => {
    // Sphinx/Pygments and Jekyll/Rouge lay numbered code out as a one-row table: gutter, then code.
    const pygments = `<div class="highlight"><table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre><span class="normal">1</span>
<span class="normal">2</span></pre></div></td><td class="code"><div><pre><span class="kn">import</span> os
<span class="nb">print</span>(os.getcwd())</pre></div></td></tr></table></div>`;
    const rouge = `<table class="rouge-table"><tbody><tr><td class="rouge-gutter gl"><pre class="lineno">1</pre></td><td class="rouge-code"><pre>npm start</pre></td></tr></tbody></table>`;
    const scores = '<table><tr><td>1</td><td>2</td><td>Total: 3</td></tr><tr><td>4</td><td>5</td><td>Total: 9</td></tr></table>';
    const html = `<html><head><title>Code</title></head><body><main><h1>Code</h1>${para('Run this.')}${pygments}${rouge}${scores}</main></body></html>`;
    const md = extractPage(html, 'https://docs.example.com/code').markdown;
    expect(md).toContain('\n\n```\nimport os\nprint(os.getcwd())\n```\n\n```\nnpm start\n```\n\n');
    expect(md).not.toMatch(/\|\s*```/);
    expect(md).toContain('| 1 | 2 | Total: 3 |\n| 4 | 5 | Total: 9 |');
  });

  it('writes the cells of a layout table as text, and a table of data inside one as a table', () => {
    // AsciiDoc's admonition (one row: icon cell, note), and a page laid out in a table around a data table.
    const note = `<div class="admonitionblock"><table><tr><td class="icon"><div class="title">Note</div></td>
      <td class="content">Some placeholders depend on other options given to the traversal.</td></tr></table></div>`;
    const laidOut = `<table width="100%"><tr><td><h2>Prices</h2><p>Our plans, billed monthly.</p>
      <table><tr><th>Plan</th><th>Price</th></tr><tr><td>Basic</td><td>$5</td></tr></table></td><td><p>Questions? Call us.</p></td></tr></table>`;
    const html = `<html><head><title>Prices</title></head><body><main><h1>Prices</h1>${para('Read on.')}${note}${laidOut}</main></body></html>`;
    const md = extractPage(html, 'https://docs.example.com/prices').markdown;
    expect(md).toContain('\n\nNote\n\nSome placeholders depend on other options given to the traversal.\n\n');
    expect(md).toContain(
      '## Prices\n\nOur plans, billed monthly.\n\n| Plan | Price |\n| --- | --- |\n| Basic | $5 |\n\nQuestions? Call us.',
    );
  });

  it("writes a DocBook tip's command as a code block, and every fence after it the right way round", () => {
    // Icon cell (rowspan 2) and "Tip" header, then the tip and its command: a row of pipes cannot hold a code block.
    const tip = `<table border="0" summary="Tip"><tr><td rowspan="2"><img alt="[Tip]" src="tip.png"/></td><th>Tip</th></tr>
      <tr><td><p>Shorten the long option with an alias:</p><pre class="screen">alias ls='ls --time-style=+%d.%m.%y'</pre></td></tr></table>`;
    const html = `<html><head><title>Tips</title></head><body><main><h1>Tips</h1>${para('Read on.')}${tip}
      <h2>Colours</h2><p>Try this:</p><pre>$ echo hi</pre><h2>Root files</h2>${para('Find them.')}<pre># find / -perm 777</pre></main></body></html>`;
    const md = extractPage(html, 'https://docs.example.com/tips').markdown;
    expect(md).toContain("Tip\n\nShorten the long option with an alias:\n\n```\nalias ls='ls --time-style=+%d.%m.%y'\n```");
    expect(md).toContain('## Colours\n\nTry this:\n\n```\n$ echo hi\n```\n\n## Root files');
    expect(md).toContain('```\n# find / -perm 777\n```');
    expect(md).not.toContain('|');
  });

  it("reads a page that ASP.NET Web Forms wrap in one <form>, but not a real form's labels", () => {
    const html = `<html><head><title>Contact</title></head><body><form method="post" action="./contact.aspx" id="form1">
      <input type="hidden" name="__VIEWSTATE" value="dDwtMTA4" />
      <div id="content"><h1>Contact us</h1><p>Call our office on 01234 567890, Monday to Friday, 9am to 5pm.</p>
      <form action="/search"><label for="q">SEARCHLABEL</label><input id="q" name="q"><button>Go</button></form>
      <form id="commentform"><p class="comment-notes">COMMENTNOTE: your email address will not be published.</p><p><label>Comment</label><textarea></textarea></p></form></div>
    </form></body></html>`;
    const page = extractPage(html, 'https://www.example.com/contact.aspx');
    expect(page.markdown).toContain('# Contact us\n\nCall our office on 01234 567890, Monday to Friday, 9am to 5pm.');
    expect(page.markdown).not.toMatch(/SEARCHLABEL|COMMENTNOTE|VIEWSTATE|dDwtMTA4/);
  });

  it("leaves out a blog post's visitor comments and reply form, which WordPress puts inside <main>", () => {
    const html = `<html><head><title>Release notes</title></head><body><main id="main"><article><h1>Lumen 3.0 is out</h1>${para('Lumen 3.0 adds dark mode.')}</article>
      <div id="comments" class="comments-area default-max-width"><h2 class="comments-title">2 comments</h2>
        <ol class="comment-list"><li class="comment"><p>VISITORCOMMENT: it broke my build!</p></li></ol>
        <div id="respond" class="comment-respond"><h3 id="reply-title">Leave a Reply</h3><form id="commentform"><p>Your email address will not be published.</p></form></div></div>
    </main></body></html>`;
    const md = extractPage(html, 'https://blog.example.com/lumen-3').markdown;
    expect(md).toContain('# Lumen 3.0 is out\n\nLumen 3.0 adds dark mode.');
    expect(md).not.toMatch(/VISITORCOMMENT|2 comments|Leave a Reply|will not be published/);
  });

  it("reads the words a diagram draws, but not an icon's or a decorative SVG's", () => {
    // Minified SVG (no whitespace between elements), as Pikchr and most diagram tools write it.
    const diagram =
      '<svg viewBox="0 0 600 140"><style>text{font:10px}</style><title>SVGTITLE</title><path d="M9,17L26,17"/>' +
      '<text x="79" y="17">ANALYZE</text><text x="251" y="123">schema-name</text><text x="352" y="123">.</text>' +
      '<g><text x="481" y="123"><tspan>table-or-index</tspan><tspan>-name</tspan></text>' +
      '<text x="90" y="60"><tspan x="90" dy="0">Load</tspan><tspan x="90" dy="12">balancer</tspan></text></g></svg>';
    const html = `<html><head><title>ANALYZE</title></head><body><main><h1>ANALYZE</h1>${diagram}
      <p>The ANALYZE command gathers statistics. <svg class="icon" viewBox="0 0 8 8"><path d="M0 0h8v8z"/></svg></p>
      <svg aria-hidden="true"><text>DECORATIVE</text></svg></main></body></html>`;
    const md = extractPage(html, 'https://docs.example.com/analyze.html').markdown;
    expect(md).toContain('# ANALYZE\n\nANALYZE schema-name . table-or-index-name Load balancer\n\nThe ANALYZE command gathers statistics.');
    expect(md).not.toMatch(/SVGTITLE|DECORATIVE|font:10px/);
  });

  it('tells an app shell that builds its text with scripts from a page with no text', () => {
    const shell = (head: string, body: string) => `<html><head><title>App</title>${head}</head><body>${body}</body></html>`;
    const app = extractPage(
      shell(
        '<script type="module" src="/assets/index.js"></script>',
        '<noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div>',
      ),
      'https://app.example.com/',
    );
    expect(app).toMatchObject({ markdown: '', scriptBuilt: true });
    const dataOnly = extractPage(shell('<script type="application/ld+json">{"name":"x"}</script>', '<div></div>'), 'https://example.com/');
    expect(dataOnly.scriptBuilt).toBeUndefined();
    const withText = extractPage(shell('<script src="/a.js"></script>', '<p>Server-rendered text.</p>'), 'https://example.com/');
    expect(withText.scriptBuilt).toBeUndefined();
  });

  it('writes a table with header and body row groups as one table', () => {
    const html = `<html><head><title>Ops</title></head><body><main><h1>Operators</h1>
      <table><thead><tr><th>Operation</th><th>Function</th></tr></thead>
      <tbody><tr><td>Addition</td><td>add(a, b)</td></tr><tr><td>Negation</td><td>neg(a)</td></tr></tbody>
      <tfoot><tr><td>All</td><td>operator</td></tr></tfoot></table><p>After the table.</p></main></body></html>`;
    expect(extractPage(html, 'https://docs.example.com/ops').markdown).toBe(
      [
        '# Operators',
        '',
        '| Operation | Function |',
        '| --- | --- |',
        '| Addition | add(a, b) |',
        '| Negation | neg(a) |',
        '| All | operator |',
        '',
        'After the table.',
      ].join('\n'),
    );
  });

  it('falls back to Readability when the page declares no main content', () => {
    const html = `<html><head><title>Post</title></head><body><div class="menu"><a href="/1">One</a> <a href="/2">Two</a></div>
      <div class="content"><h2>The post</h2>${para('First.')}${para('Second.')}${para('Third.')}</div></body></html>`;
    const page = extractPage(html, 'https://blog.example.com/post');
    expect(page.method).toBe('readability');
    expect(page.markdown).toContain('First. More words');
    expect(page.markdown).not.toContain('One');
    // What it left out still counts towards the site's boilerplate.
    expect(page.outsideKeys).toEqual(expect.arrayContaining(distinctLineKeys('One Two')));
  });

  it("keeps older HTML's inline elements (DocBook's <acronym>, <tt>, <font>) inside their sentence when Readability reads the page", () => {
    const sentence =
      'This allows Stateless Address Autoconfiguration (<acronym class="acronym">SLAAC</acronym>) to pick an address from the ' +
      '<acronym>MAC</acronym> address; see <tt>/etc/network/interfaces</tt> and the <font color="red">warning</font> below.';
    const html = `<html><head><title>IPv6</title></head><body><div class="menu"><a href="/1">One</a></div>
      <div class="section"><h2>IPv6</h2><div class="para">${sentence}</div>${para('First.')}${para('Second.')}</div></body></html>`;
    const page = extractPage(html, 'https://handbook.example/sect.ipv6.html');
    expect(page.method).toBe('readability');
    expect(page.markdown).toContain(
      'This allows Stateless Address Autoconfiguration (SLAAC) to pick an address from the MAC address; see `/etc/network/interfaces` and the warning below.',
    );
  });

  it('skips Readability on giant pages and uses the body without header and footer', () => {
    const html = `<html><body><header>HEADER</header><div>${para('Body text.')}</div><footer>FOOTER</footer></body></html>`;
    const page = extractPage(html, 'https://x.example/', { readabilityMaxChars: 10 });
    expect(page.method).toBe('body');
    expect(page.markdown).toContain('Body text.');
    expect(page.markdown).not.toMatch(/HEADER|FOOTER/);
  });

  it('reads robots meta, <base href> and canonical links from the same parse', () => {
    const html = `<html><head><base href="https://x.example/docs/"><meta name="robots" content="noindex, nofollow">
      <link rel="canonical" href="/docs/page"></head><body><main>${para('Text.')}<a href="next.html">n</a></main></body></html>`;
    const page = extractPage(html, 'https://x.example/other/page?ref=1');
    expect(page).toMatchObject({ noindex: true, nofollow: true, links: [], canonical: 'https://x.example/docs/page' });
    const followed = extractPage(html.replace('noindex, nofollow', 'all'), 'https://x.example/other/page');
    expect(followed.links).toEqual(['https://x.example/docs/next.html']);
  });

  it('keeps the whole body when Readability would keep only a fragment of a long page', () => {
    const section = (i: number) => `<h2>Topic ${i}</h2>${para(`Fact ${i} alpha.`)}${para(`Fact ${i} beta.`)}`;
    // Three sections in one container, six more each in its own table: Readability keeps the three.
    const html = `<html><head><title>Manual</title></head><body><div id="banner"><a href="/get">Download the ebook</a></div>
      <div class="chapter"><h1>Part one</h1>${[1, 2, 3].map((i) => `<div class="sect">${section(i)}</div>`).join('')}</div>
      ${[4, 5, 6, 7, 8, 9].map((i) => `<table><tr><td><ul><li><div>${section(i)}</div></li></ul></td></tr></table>`).join('')}</body></html>`;
    const page = extractPage(html, 'https://book.example/manual.html');
    expect(page.method).toBe('body');
    for (let i = 1; i <= 9; i++) expect(page.markdown).toContain(`Fact ${i} alpha.`);
  });

  it('does not let a declared main region that holds a sliver of the page win', () => {
    const html = `<html><head><title>Landing</title></head><body><main><p>${'Welcome to our site. '.repeat(12)}</p></main>
      <div class="content"><h2>The real text</h2>${['First.', 'Second.', 'Third.', 'Fourth.', 'Fifth.', 'Sixth.'].map(para).join('')}</div></body></html>`;
    const page = extractPage(html, 'https://site.example/');
    expect(page.method).not.toBe('declared');
    expect(page.markdown).toContain('Sixth. More words');
  });

  it('uses schema.org articleBody as a declared main region', () => {
    const html = `<html><body><div class="menu">${'<a href="/x">Menu entry</a> '.repeat(3)}</div>
      <div itemprop="articleBody"><h1>Story</h1>${para('Body.')}${para('More.')}</div><div>${para('Comments.')}</div></body></html>`;
    const page = extractPage(html, 'https://news.example/story');
    expect(page.method).toBe('declared');
    expect(page.markdown).toContain('Body. More words');
    expect(page.markdown).not.toContain('Comments.');
  });

  it('lists outgoing links with their visible text, each url/text pair once', () => {
    const html = `<html><body><main>${para('Text.')}<a href="/install.html">How to <b>install</b></a>
      <a href="install.html">How to install</a> <a href="/faq.html">FAQ</a> <a href="/img.html"><img alt="x"></a></main></body></html>`;
    const page = extractPage(html, 'https://docs.example/guide/');
    expect(page.anchors).toEqual([
      { url: 'https://docs.example/install.html', text: 'How to install' },
      { url: 'https://docs.example/guide/install.html', text: 'How to install' },
      { url: 'https://docs.example/faq.html', text: 'FAQ' },
    ]);
    expect(page.links).toContain('https://docs.example/img.html');
  });

  it('keeps the text and links of a page nested thousands of elements deep, quickly and without overflowing', () => {
    // 5,000 levels overflowed the Markdown writer's stack; 1,000 took Readability several seconds.
    const depth = 5000;
    const deep = `<div>${'<section><div>'.repeat(depth / 2)}<p>The answer is forty-two.</p><p>See <a href="/more.html">the <b>details</b></a> here.</p>${'</div></section>'.repeat(depth / 2)}</div>`;
    const html = `<html><head><title>Deep</title></head><body>${para('Top of the page.')}${deep}${para('After the deep part.')}</body></html>`;
    const t0 = performance.now();
    const page = extractPage(html, 'https://site.example/deep');
    expect(performance.now() - t0).toBeLessThan(3000); // took over 40 s before, and then threw
    expect(page.markdown).toContain('Top of the page.');
    expect(page.markdown).toMatch(/The answer is forty-two\.\s+See\s+the details\s+here\./);
    expect(page.markdown).toContain('After the deep part.');
    expect(page.anchors).toEqual([{ url: 'https://site.example/more.html', text: 'the details' }]);
  });

  it('leaves pages of ordinary depth as they were', () => {
    const nested = (levels: number) =>
      `<html><body><main>${'<div>'.repeat(levels)}${para('Inside.')}<ul><li>One <b>item</b></li></ul>${'</div>'.repeat(levels)}</main></body></html>`;
    const page = extractPage(nested(100), 'https://site.example/');
    expect(page.markdown).toBe(extractPage(nested(1), 'https://site.example/').markdown);
    expect(page.markdown).toMatch(/^Inside\. More words[^]*\n\n- One item$/);
  });

  it('treats plain text as content with its first line as title', () => {
    expect(extractText('\n  Release notes\n\nFixed things.\r\n')).toMatchObject({
      title: 'Release notes',
      markdown: 'Release notes\n\nFixed things.',
      method: 'text',
    });
  });
});
