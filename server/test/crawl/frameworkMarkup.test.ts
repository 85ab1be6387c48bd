import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/src/api/types.js';
import { newVisitorId } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, crawlNewBot, waitForTask } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

/**
 * A real local site written the way popular documentation generators write pages: Docusaurus
 * headings that end in a zero-width-space link, Starlight tabs (every panel but the first hidden)
 * and callouts (an <aside> inside <main>), a WAI-ARIA FAQ accordion, and Pygments code with line
 * numbers. Crawled by the real app and worker, then asked by a visitor: the answer must come from
 * the text a reader sees once they open the tab or the question.
 */
const sidebar = '<aside class="sidebar"><p>Sidebar: SIDEBARTOKEN <a href="/docs/install.html">Install</a></p></aside>';
const page = (title: string, main: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>
  <header><nav><a href="/">Home</a> <a href="/docs/install.html">Install</a> <a href="/docs/faq.html">FAQ</a></nav></header>
  ${sidebar}<main>${main}</main><footer><p>Lumen docs footer.</p></footer></body></html>`;
const heading = (id: string, text: string) =>
  `<h2 class="anchor" id="${id}">${text}<a href="#${id}" class="hash-link" aria-label="Direct link to ${text}">&#8203;</a></h2>`;

const INSTALL = page(
  'Installing Lumen',
  `<h1>Installing Lumen</h1><p>Lumen is a static site generator. Pick your operating system below and follow the steps.</p>
  ${heading('requirements', 'Requirements')}<p>Lumen needs 200 MB of free disk space and a terminal.</p>
  ${heading('installation', 'Installation')}
  <ul role="tablist"><li><a role="tab" id="tab-mac" href="#panel-mac">macOS</a></li><li><a role="tab" id="tab-win" href="#panel-win">Windows</a></li></ul>
  <div role="tabpanel" id="panel-mac" aria-labelledby="tab-mac"><p>On macOS, install Lumen with Homebrew:</p><pre>brew install lumen</pre></div>
  <div role="tabpanel" id="panel-win" aria-labelledby="tab-win" hidden><p>On Windows, open an administrator prompt and install Lumen with winget:</p><pre>winget install lumen-cli</pre></div>
  <aside aria-label="Caution" class="starlight-aside starlight-aside--caution"><p class="starlight-aside__title" aria-hidden="true">Caution</p>
    <section class="starlight-aside__content"><p>Never run the Lumen installer as root: it would change the ownership of your home directory.</p></section></aside>
  ${heading('first-site', 'Your first site')}<p>Create a site and build it:</p>
  <div class="highlight"><table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre><span class="normal">1</span>
<span class="normal">2</span></pre></div></td><td class="code"><div><pre>lumen new my-site
lumen build my-site</pre></div></td></tr></table></div>`,
);

const FAQ = page(
  'Frequently asked questions',
  `<h1>Frequently asked questions</h1><p>Answers to the questions people ask about Lumen most often.</p>
  <h3><button type="button" aria-expanded="false" aria-controls="faq-licence" id="faq-licence-q">Can I use Lumen for a commercial website?</button></h3>
  <div id="faq-licence" role="region" aria-labelledby="faq-licence-q" hidden><p>Yes. Lumen is released under the MIT licence, so commercial use is allowed without paying any fee.</p></div>
  <h3><button type="button" aria-expanded="false" aria-controls="faq-offline" id="faq-offline-q">Does Lumen work offline?</button></h3>
  <div id="faq-offline" role="region" aria-labelledby="faq-offline-q" hidden><p>Builds run entirely offline; only the optional theme gallery needs a network connection.</p></div>
  <div hidden><p>HIDDENTOKEN: a template nothing on the page opens.</p></div>`,
);

/** A client-rendered app's shell (Create React App's): the text and links arrive with the script. */
const APP_SHELL = `<!doctype html><html><head><title>Lumen Cloud</title><script type="application/ld+json">{"@type":"WebApplication"}</script>
  <script defer src="/static/js/main.js"></script></head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`;

let site: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let botId: string;
let auth: Record<string, string>;

beforeAll(async () => {
  site = await startSite(() => ({
    '/': { html: page('Lumen', '<h1>Lumen</h1><p>The documentation of Lumen, a static site generator.</p>') },
    '/docs/install.html': { html: INSTALL },
    '/docs/faq.html': { html: FAQ },
    '/app/': { html: APP_SHELL },
  }));
  // No browser here (npm test needs none): the app shell's page says which setting would read it.
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host, CHROMIUM_PATH: '/nonexistent/chromium' });
  auth = { authorization: `Bearer ${await idTokenFor('framework-owner@example.com')}` };
  botId = await crawlNewBot(crawl.t, auth, `${site.origin}/`, { max_depth: 2, max_pages: 10 });
});
afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

const stored = async (path: string) =>
  (
    await crawl.t.db.query<{ content: string }>('SELECT content FROM documents WHERE chatbot_id = $1 AND live AND url = $2', [
      botId,
      `${site.origin}${path}`,
    ])
  )[0]?.content ?? '';

async function ask(question: string): Promise<Message> {
  const visitor = newVisitorId();
  const conv = await crawl.t.app.inject({
    method: 'POST',
    url: `/api/v1/chatbots/${botId}/conversations`,
    payload: { title: 'Docs', visitor_id: visitor },
  });
  const res = await crawl.t.app.inject({
    method: 'POST',
    url: `/api/v1/chatbots/${botId}/conversations/${conv.json().data.id}/messages`,
    payload: { content: question, visitor_id: visitor },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.assistant_message as Message;
}

describe('pages written by documentation generators', () => {
  it('are stored with their hidden tabs, callouts and FAQ answers, and without sidebars or stray characters', async () => {
    const install = await stored('/docs/install.html');
    expect(install).toContain('**Windows**\n\nOn Windows, open an administrator prompt');
    expect(install).toContain('Never run the Lumen installer as root');
    expect(install).toContain('## Installation\n');
    expect(install).toContain('```\nlumen new my-site\nlumen build my-site\n```');
    expect(install).not.toMatch(/\u200b|\|\s*```|SIDEBARTOKEN/);
    const faq = await stored('/docs/faq.html');
    expect(faq).toContain('**Can I use Lumen for a commercial website?**\n\nYes. Lumen is released under the MIT licence');
    expect(faq).not.toContain('HIDDENTOKEN');
  });

  it('answer a visitor from the tab they would have to open', async () => {
    const answer = await ask('How do I install Lumen on Windows?');
    expect(answer.content).toContain('winget install lumen-cli');
    expect(answer.sources[0]?.url).toBe(`${site.origin}/docs/install.html`);
  });

  it('answer from an FAQ answer that is collapsed until clicked', async () => {
    const answer = await ask('Is Lumen free to use on a commercial site?');
    expect(answer.content).toContain('commercial use is allowed without paying any fee');
    expect(answer.sources[0]?.url).toBe(`${site.origin}/docs/faq.html`);
  });

  it('answer from a caution callout', async () => {
    const answer = await ask('Can I run the Lumen installer as root?');
    expect(answer.content).toContain('Never run the Lumen installer as root');
  });

  it("say why a client-rendered app's start page gave nothing to index", async () => {
    const res = await crawl.t.app.inject({
      method: 'POST',
      url: '/api/v1/crawl-and-index',
      headers: auth,
      payload: { url: `${site.origin}/app/`, max_depth: 2, max_pages: 10 },
    });
    const { chatbot_id, task_id } = res.json().data as { chatbot_id: string; task_id: string };
    const task = await waitForTask(crawl.t, auth, chatbot_id, task_id);
    expect(task.status).toBe('failed');
    // It would be rendered in Chromium (e2e/render.e2e.test.ts); this run has none, and says which setting finds one.
    expect(task.error).toBe(
      `Could not crawl ${site.origin}/app/: This page builds its text with JavaScript, and CHROMIUM_PATH (/nonexistent/chromium) ` +
        'is not an executable browser, so it could not be rendered',
    );
  });
});
