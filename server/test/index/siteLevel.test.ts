import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { runIndexingPipeline } from '../../src/index/pipeline.js';
import { openTestDb } from '../helpers/db.js';
import { startSite, type FixtureSite, type Route } from '../fixtures/sites/docsSite.js';

/**
 * A book published like the Debian Handbook: no <main>, a "Download the ebook" banner and
 * Prev/Up/Home/Next bars on every page, an edition notice at the top of every page's text, and every
 * page's canonical link on the publisher's host.
 */
const CHAPTERS = ['Installation', 'Networking', 'Printing', 'Backups', 'Security', 'Virtualization', 'Packaging'];
const file = (i: number) => `ch${i + 1}.html`;

const bookPage = (origin: string, name: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${name}</title>
<link rel="canonical" href="https://book.example.info/browse/stable/${name}" /></head><body>
<div id="banner"><a href="https://book.example.info/get/"><span class="text">Download the ebook</span></a></div>
<ul class="docnav top"><li class="previous"><a href="index.html"><strong>Prev</strong></a></li><li class="home">The Example Handbook</li></ul>
<div class="section"><div class="para">This edition covers release 11; newer editions are published online.</div>${body}</div>
<ul class="docnav"><li class="up"><a href="#"><strong>Up</strong></a></li><li class="home"><a href="${origin}/index.html"><strong>Home</strong></a></li></ul>
</body></html>`;

const chapter = (i: number) =>
  `<h2 class="title">Chapter ${i + 1}. ${CHAPTERS[i]}</h2>` +
  Array.from(
    { length: 3 },
    (_, p) =>
      `<div class="para">The ${CHAPTERS[i]!.toLowerCase()} chapter explains detail ${p + 1}: fact-${i + 1}-${p + 1} is written only here, for readers of this chapter.</div>`,
  ).join('') +
  `<div class="para">See also <a href="${file((i + 1) % CHAPTERS.length)}">the ${CHAPTERS[(i + 1) % CHAPTERS.length]!.toLowerCase()} how-to</a>.</div>`;

function bookRoutes(origin: string): Record<string, Route> {
  const toc = CHAPTERS.map((name, i) => `<li><a href="${file(i)}">Chapter ${i + 1}. ${name}</a></li>`).join('');
  const routes: Record<string, Route> = {
    '/': { redirect: '/index.html' },
    '/index.html': {
      html: bookPage(
        origin,
        'index.html',
        `<h1>The Example Handbook</h1><div class="para">A book about running servers, written as a test site for the crawler.</div><ul class="toc">${toc}</ul>`,
      ),
    },
  };
  CHAPTERS.forEach((_, i) => (routes[`/${file(i)}`] = { html: bookPage(origin, file(i), chapter(i)) }));
  return routes;
}

let db: Db;
let site: FixtureSite;
let config: Config;

beforeAll(async () => {
  db = await openTestDb();
  site = await startSite(bookRoutes);
  config = loadConfig({ CRAWL_ALLOW_HOSTS: site.host, LOG_LEVEL: 'silent', CRAWL_CONCURRENCY: '2' });
});
afterAll(async () => {
  await site.close();
  await db.close();
});

const crawl = (chatbotId: string) =>
  runIndexingPipeline({
    db,
    config,
    chatbotId,
    taskId: randomUUID(),
    mode: { kind: 'crawl', url: `${site.origin}/index.html`, maxDepth: 2, maxPages: 50 },
  });

describe('site-level extraction on a book without <main>', () => {
  it('stores every page under its own URL although each names an off-site canonical', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    const r = await crawl(bot.id);
    expect(r.indexed).toBe(8);
    const docs = await db.query<{ url: string }>('SELECT url FROM documents WHERE chatbot_id = $1 AND live ORDER BY url', [bot.id]);
    expect(docs.map((d) => d.url)).toEqual([...CHAPTERS.map((_, i) => `${site.origin}/${file(i)}`), `${site.origin}/index.html`]);
  });

  it('drops the banner, navigation bars and edition notice from every page, the first ones included, and keeps all of the text', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    await crawl(bot.id);
    const docs = await db.query<{ url: string; content: string }>('SELECT url, content FROM documents WHERE chatbot_id = $1 AND live', [
      bot.id,
    ]);
    const chunks = await db.query<{ content: string }>('SELECT content FROM chunks WHERE chatbot_id = $1 AND live', [bot.id]);
    for (const text of [...docs.map((d) => d.content), ...chunks.map((c) => c.content)]) {
      expect(text).not.toMatch(/Download the ebook|edition covers|^- The Example Handbook$|\bPrev\b|\bUp\b|\bHome\b/m);
    }
    for (let i = 0; i < CHAPTERS.length; i++) {
      const doc = docs.find((d) => d.url.endsWith(`/${file(i)}`))!;
      for (let p = 1; p <= 3; p++) expect(doc.content).toContain(`fact-${i + 1}-${p}`);
      expect(doc.content).toContain(`# Chapter ${i + 1}. ${CHAPTERS[i]}`);
    }
    const hits = await db.query<{ url: string }>(
      `SELECT url FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ websearch_to_tsquery('english', 'download ebook')`,
      [bot.id],
    );
    expect(hits).toEqual([]);
  });

  it("stores the anchor text of each page's in-links, without the site-wide link texts, on a re-crawl before the swap", async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner-1' });
    await crawl(bot.id);
    const refresh = await crawl(bot.id); // staged generation, swapped in at the end
    expect(refresh.keptPrevious).toBeUndefined();
    const rows = await db.query<{ url: string; anchor_text: string }>(
      'SELECT url, anchor_text FROM documents WHERE chatbot_id = $1 AND live',
      [bot.id],
    );
    expect(rows).toHaveLength(8);
    const of = (name: string) => rows.find((r) => r.url === `${site.origin}/${name}`)!.anchor_text;
    expect(of('ch3.html').split('\n').sort()).toEqual(['Chapter 3. Printing', 'the printing how-to']);
    expect(of('index.html')).toBe(''); // only "Prev" and "Home" lead there, and every page has them
  });
});
