import { describe, expect, it } from 'vitest';
import { rebuildTermStats } from '../../src/db/repositories/termStats.js';
import { sitePage } from '../fixtures/sites/changingSite.js';
import { freshSuite, nav, words } from '../helpers/freshSite.js';

/** Against a site that changes between crawls: URL patterns and incremental re-crawls. */
const { f, call, getBot, liveDocs, stagedDocs, totals, newBot, refresh } = freshSuite('fresh-owner');

describe('include/exclude patterns', () => {
  it('are validated with reasons the owner can act on', async () => {
    const bot = await newBot({ max_depth: 0 });
    const cases: [unknown, string][] = [
      [{ include_patterns: ['docs/**'] }, 'must start with / or * (a path), or with http:// or https://'],
      [{ exclude_patterns: ['/a b'] }, 'contains a space or control character'],
      [{ exclude_patterns: ['ftp://x/**'] }, 'must start with / or *'],
      [{ include_patterns: ['/***'] }, 'more than two * in a row'],
      [{ include_patterns: ['/' + 'x'.repeat(300)] }, 'at most 200 characters'],
      [{ include_patterns: Array.from({ length: 21 }, (_, i) => `/p${i}/**`) }, 'at most 20 patterns'],
      [{ include_patterns: '/docs/**' }, 'must be a list of text patterns'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PATCH', `/chatbots/${bot}`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json().detail[0].msg).toContain(message);
    }
    const bad = await call('POST', '/indexing/collect-urls', { url: `${f.site.origin}/`, exclude_patterns: [''] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'exclude_patterns', 0], msg: 'A pattern cannot be empty.' });
    const good = await call('PATCH', `/chatbots/${bot}`, { include_patterns: [' /docs/** ', '/docs/**'], exclude_patterns: [] });
    expect(good.statusCode).toBe(200);
    expect((await getBot(bot)).include_patterns).toEqual(['/docs/**']);
  });

  it('leave pages out of a collection and of a crawl (the start page is still read for its links)', async () => {
    const res = await call('POST', '/indexing/collect-urls', {
      url: `${f.site.origin}/`,
      max_depth: 1,
      max_pages: 30,
      exclude_patterns: ['/blog/**', '**/old.html'],
    });
    const listed = res.json().data.collected_urls as string[];
    expect(listed).toContain(`${f.site.origin}/docs/a.html`);
    expect(listed.some((u) => u.includes('/blog/') || u.endsWith('old.html'))).toBe(false);

    const bot = await newBot({ include_patterns: ['/docs/*.html'], exclude_patterns: ['/docs/c.html'] });
    const urls = (await liveDocs(bot)).map((d) => d.url);
    expect(urls).toEqual([`${f.site.origin}/docs/a.html`, `${f.site.origin}/docs/b.html`, `${f.site.origin}/docs/old.html`]);
    const start = (await getBot(bot)).urls!.find((u) => u.url === `${f.site.origin}/`);
    expect(start).toMatchObject({ status: 'skipped', error: 'Left out by the URL patterns' });
  });
});

describe('incremental re-crawl', () => {
  it('keeps unchanged pages as they are, rewrites changed ones, adds new ones, drops removed ones', async () => {
    const bot = await newBot();
    const before = await liveDocs(bot);
    expect(before).toHaveLength(6);
    f.site.notModified = 0;
    const idOf = (docs: { id: string; url: string }[], path: string) => docs.find((d) => d.url === f.site.origin + path)?.id;

    f.site.pages.set('/docs/b.html', sitePage('Bravo', words('bravo, now rewritten about quokkas'), nav));
    f.site.pages.delete('/docs/old.html');
    f.site.pages.set('/', sitePage('Home', words('home page'), [...nav, '/docs/new.html']));
    f.site.pages.set('/docs/new.html', sitePage('New', words('brand new page'), nav));
    const task = await refresh(bot);
    expect(task.status).toBe('completed');
    // b changed, new is new, old is gone (404), home (same text, one more link), a, c, news unchanged.
    expect(task.progress).toMatchObject({ new: 1, changed: 1, unchanged: 4, removed: 1, indexed: 6, failed: 1 });

    const after = await liveDocs(bot);
    expect(after.map((d) => d.url.slice(f.site.origin.length)).sort()).toEqual([
      '/',
      '/blog/news.html',
      '/docs/a.html',
      '/docs/b.html',
      '/docs/c.html',
      '/docs/new.html',
    ]);
    for (const path of ['/', '/docs/a.html', '/docs/c.html', '/blog/news.html']) expect(idOf(after, path)).toBe(idOf(before, path));
    expect(idOf(after, '/docs/b.html')).not.toBe(idOf(before, '/docs/b.html'));
    expect(after.find((d) => d.url.endsWith('/docs/b.html'))!.content).toContain('quokkas');
    expect(await stagedDocs(bot)).toBe(0);

    // The statistics kept at index time still equal a count over the live content.
    const kept = await totals(bot);
    await rebuildTermStats(f.t.db, bot);
    expect(await totals(bot)).toEqual(kept);
    const chunks = await f.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM chunks WHERE chatbot_id = $1 AND live', [bot]);
    expect(kept.chunks).toBe(chunks[0]!.n);

    // Unchanged pages were asked "changed since?" and answered 304: not downloaded again.
    expect(f.site.conditional.get('/docs/a.html')).toBe(1);
    expect(f.site.notModified).toBeGreaterThanOrEqual(3);

    // Nothing changes: every page answers 304, and the links stored with each page still lead the
    // crawl to every page (new.html is linked only from the home page).
    const served = f.site.notModified;
    const again = await refresh(bot);
    expect(again.progress).toMatchObject({ new: 0, changed: 0, unchanged: 6, removed: 0, indexed: 6 });
    expect(f.site.notModified - served).toBe(6);
    const ids = (docs: { id: string }[]) => docs.map((d) => d.id).sort();
    expect(ids(await liveDocs(bot))).toEqual(ids(after));

    // A question finds the rewritten page's new words.
    const ask = await f.t.db.query<{ url: string }>(
      `SELECT url FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ plainto_tsquery('english', 'quokkas')`,
      [bot],
    );
    expect(ask.map((r) => r.url)).toEqual([`${f.site.origin}/docs/b.html`]);
  });
});

describe('an upgrade that changes what a page becomes', () => {
  it('rebuilds every page made by an earlier version once, then keeps them as unchanged again', async () => {
    const bot = await newBot();
    const conditional = () => [...f.site.conditional.values()].reduce((a, b) => a + b, 0);
    // The stored copies as an earlier version hashed them: sha256 alone, without the format tag.
    await f.t.db.query(`UPDATE documents SET content_hash = split_part(content_hash, ':', 2) WHERE chatbot_id = $1 AND live`, [bot]);
    const asked = conditional();
    const rebuilt = await refresh(bot);
    expect(rebuilt.status).toBe('completed');
    expect(rebuilt.progress).toMatchObject({ new: 0, changed: 6, unchanged: 0, removed: 0, indexed: 6 });
    expect(conditional() - asked).toBe(0); // not asked "changed since?": a 304 would keep the old copy
    const again = await refresh(bot);
    expect(again.progress).toMatchObject({ new: 0, changed: 0, unchanged: 6, removed: 0, indexed: 6 });
  });
});
