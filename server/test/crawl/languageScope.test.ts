import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chatbot } from '../../../shared/src/api/types.js';
import { folderLanguage, languageOf, readPageLanguage } from '../../src/crawl/languageScope.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, crawlNewBot, waitForTask } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

/**
 * A manual with a language switcher (issue 38): every page under /en/, /fr/ and /de/ links to its
 * translations, with hreflang alternates and with plain links, and one page under /en/ is written
 * in French. A crawl from /en/index.html stays in English and the switcher costs no page of the
 * budget; the owner's "all languages" setting follows them all. Crawled by the real app and worker.
 */
const TEXT: Record<string, Record<string, string>> = {
  en: {
    index: 'Welcome to the Orbit manual. Orbit schedules backups of your servers every night.',
    a: 'Installing Orbit takes one command and creates the configuration file in your home directory.',
    b: 'Restoring a backup with Orbit: choose the snapshot, then confirm the target folder.',
  },
  fr: {
    index: 'Bienvenue dans le manuel Orbit. Orbit planifie la sauvegarde de vos serveurs chaque nuit.',
    a: "L'installation d'Orbit prend une commande et crée le fichier de configuration.",
    b: 'Restaurer une sauvegarde avec Orbit : choisissez la copie, puis confirmez le dossier cible.',
  },
  de: {
    index: 'Willkommen im Orbit-Handbuch. Orbit sichert Ihre Server jede Nacht.',
    a: 'Die Installation von Orbit braucht einen Befehl und legt die Konfigurationsdatei an.',
    b: 'Eine Sicherung mit Orbit wiederherstellen: Kopie wählen, dann den Zielordner bestätigen.',
  },
};
const LANGS = ['en', 'fr', 'de'];
const DECLARED: Record<string, string> = { en: 'en-US', fr: 'fr', de: 'de-DE' };

/** One page of one language: hreflang alternates in the head, the switcher (hreflang and plain links) first in the body. */
function page(lang: string, name: string, links: string[]): string {
  const others = LANGS.filter((l) => l !== lang);
  const alternates = others.map((l) => `<link rel="alternate" hreflang="${l}" href="/${l}/${name}.html">`).join('');
  const switcher = `<a hreflang="${others[0]}" href="/${others[0]}/${name}.html">${others[0]}</a> <a href="/${others[1]}/${name}.html">${others[1]}</a>`;
  return `<!doctype html><html lang="${DECLARED[lang]}"><head><meta charset="utf-8"><title>Orbit ${lang} ${name}</title>${alternates}
    <link rel="alternate" hreflang="x-default" href="/"></head><body><nav>${switcher}</nav>
    <main><h1>Orbit ${name}</h1><p>${TEXT[lang]![name]}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</main></body></html>`;
}

function switcherSite(): Record<string, { html: string }> {
  const routes: Record<string, { html: string }> = {};
  for (const lang of LANGS) {
    // The French page under /en/ comes first, so without the rule it would take a page of the budget.
    routes[`/${lang}/index.html`] = {
      html: page(lang, 'index', [`/${lang}/b.html?lang=de`, `/${lang}/c.html`, `/${lang}/a.html`, `/${lang}/b.html`]),
    };
    routes[`/${lang}/a.html`] = { html: page(lang, 'a', [`/${lang}/b.html`, `/${lang}/index.html`]) };
    routes[`/${lang}/b.html`] = { html: page(lang, 'b', [`/${lang}/a.html`]) };
  }
  routes['/en/c.html'] = {
    html: `<!doctype html><html lang="fr"><head><title>Notes de version</title></head><body><main><h1>Notes de version</h1>
      <p>Cette page du dossier anglais est écrite en français : la version 2 ajoute la compression des sauvegardes.</p></main></body></html>`,
  };
  routes['/'] = {
    html: '<!doctype html><html><head><title>Choose a language</title></head><body><main><p>Orbit: English, Français, Deutsch.</p></main></body></html>',
  };
  return routes;
}

let site: FixtureSite;
let plain: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let auth: Record<string, string>;

beforeAll(async () => {
  site = await startSite(switcherSite);
  // No language anywhere: short first folders that look like codes (js, api) and one that is one (it).
  const body = (title: string, text: string, links = '') =>
    `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p>${links}</main></body></html>`;
  plain = await startSite(() => ({
    '/': {
      html: body(
        'Pico',
        'Pico is a tiny web framework for embedded boards.',
        '<a href="/js/app.html">JS</a> <a href="/api/ref.html">API</a> <a href="/it/overview.html">IT</a> <a href="/?hl=de">?hl</a>',
      ),
    },
    '/js/app.html': { html: body('Pico in the browser', 'The browser build of Pico weighs twelve kilobytes.') },
    '/api/ref.html': { html: body('Pico API reference', 'Every Pico handler receives a request and returns a response.') },
    '/it/overview.html': { html: body('IT overview', 'Information technology teams deploy Pico on routers.') },
    // A start that redirects into a language folder, on pages that declare no language and no hreflang.
    '/manual': { redirect: '/en/home.html' },
    '/en/home.html': {
      html: body('Pico manual', 'The Pico manual starts here.', '<a href="/fr/home.html">Français</a> <a href="/en/setup.html">Setup</a>'),
    },
    '/en/setup.html': { html: body('Pico setup', 'Flash the Pico image onto the board.') },
    '/fr/home.html': { html: body('Manuel Pico', 'Le manuel de Pico commence ici.') },
  }));
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: `${site.host},${plain.host}` });
  auth = { authorization: `Bearer ${await idTokenFor('language-owner@example.com')}` };
});
afterAll(async () => {
  await crawl?.close();
  await site?.close();
  await plain?.close();
});

const indexed = async (botId: string) =>
  (await crawl.t.db.query<{ url: string }>('SELECT url FROM documents WHERE chatbot_id = $1 AND live ORDER BY url', [botId])).map((r) =>
    r.url.replace(/^http:\/\/[^/]+/, ''),
  );
const post = (url: string, payload: object) => crawl.t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: auth, payload });
const botOf = async (id: string) =>
  (await crawl.t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${id}`, headers: auth })).json().data.chatbot as Chatbot;

describe('a crawl from a language folder', () => {
  it('indexes exactly the English pages within a budget of their number: no hreflang alternate, sibling folder, ?lang= or French page', async () => {
    const botId = await crawlNewBot(crawl.t, auth, `${site.origin}/en/index.html`, { max_depth: 3, max_pages: 3 });
    expect(await indexed(botId)).toEqual(['/en/a.html', '/en/b.html', '/en/index.html']);
    expect(site.hits.get('/en/c.html')).toBe(1); // read, found French, skipped: its slot went to b.html
    for (const path of Object.keys(switcherSite()).filter((p) => !p.startsWith('/en/'))) expect(site.hits.get(path), path).toBeUndefined();
    expect((await botOf(botId)).all_languages).toBe(false);
    const tasks = (
      await crawl.t.app.inject({ method: 'GET', url: `/api/v1/crawl-and-index/tasks/${botId}?task_type=all`, headers: auth })
    ).json().data;
    expect(JSON.stringify(tasks)).not.toContain('/fr/');
  });

  it('collect-urls lists only the English URLs', async () => {
    const res = await post('/indexing/collect-urls', { url: `${site.origin}/en/index.html`, max_depth: 2, max_pages: 30 });
    expect(res.statusCode).toBe(200);
    const urls = (res.json().data.collected_urls as string[]).map((u) => u.replace(site.origin, ''));
    expect(urls.sort()).toEqual(['/en/a.html', '/en/b.html', '/en/index.html']);
  });

  it('with all_languages follows every language, and a refresh without it goes back to the start language', async () => {
    const res = await post('/crawl-and-index', { url: `${site.origin}/en/index.html`, max_depth: 3, max_pages: 30, all_languages: true });
    expect(res.statusCode).toBe(200);
    const { chatbot_id: botId, task_id } = res.json().data as { chatbot_id: string; task_id: string };
    expect((await waitForTask(crawl.t, auth, botId, task_id)).status).toBe('completed');
    const all = await indexed(botId);
    for (const path of ['/en/index.html', '/en/c.html', '/fr/index.html', '/fr/a.html', '/de/a.html']) expect(all, path).toContain(path);
    expect((await botOf(botId)).all_languages).toBe(true);

    const listed = await post('/indexing/collect-urls', { url: `${site.origin}/en/index.html`, max_depth: 1, all_languages: true });
    expect(listed.json().data.collected_urls).toContain(`${site.origin}/fr/index.html`);

    const refresh = await post('/indexing/crawl', { chatbot_id: botId, all_languages: false });
    expect(refresh.statusCode).toBe(200);
    expect((await waitForTask(crawl.t, auth, botId, refresh.json().data.task_id)).status).toBe('completed');
    expect(await indexed(botId)).toEqual(['/en/a.html', '/en/b.html', '/en/index.html']);
    expect((await botOf(botId)).all_languages).toBe(false); // stored for the next re-crawls
  });

  it('a bot set to all languages in its crawl settings (PATCH) re-crawls every language', async () => {
    const botId = await crawlNewBot(crawl.t, auth, `${site.origin}/en/index.html`, { max_depth: 3, max_pages: 30 });
    expect(await indexed(botId)).toEqual(['/en/a.html', '/en/b.html', '/en/index.html']);
    const patched = await crawl.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/chatbots/${botId}`,
      headers: auth,
      payload: { all_languages: true },
    });
    expect(patched.statusCode).toBe(200);
    expect((await botOf(botId)).all_languages).toBe(true);
    const refresh = await post('/indexing/crawl', { chatbot_id: botId });
    expect((await waitForTask(crawl.t, auth, botId, refresh.json().data.task_id)).status).toBe('completed');
    expect(await indexed(botId)).toEqual(expect.arrayContaining(['/de/index.html', '/en/c.html', '/fr/a.html']));
  });

  it('refuses an all_languages that is not a boolean, in the detail envelope', async () => {
    const res = await post('/crawl-and-index', { url: `${site.origin}/en/index.html`, all_languages: 'yes' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'all_languages'], msg: 'all_languages must be true or false' });
  });
});

describe('a site without languages', () => {
  it('is crawled as before: folders that look like codes are followed when nothing on the site switches languages', async () => {
    const botId = await crawlNewBot(crawl.t, auth, `${plain.origin}/`, { max_depth: 2, max_pages: 10 });
    expect(await indexed(botId)).toEqual(['/', '/api/ref.html', '/it/overview.html', '/js/app.html']);
  });

  it('a start URL redirected into a language folder keeps the crawl in that folder', async () => {
    const botId = await crawlNewBot(crawl.t, auth, `${plain.origin}/manual`, { max_depth: 2, max_pages: 10 });
    expect(await indexed(botId)).toEqual(['/en/home.html', '/en/setup.html']);
    expect(plain.hits.get('/fr/home.html')).toBeUndefined();
  });

  it('reads language tags as BCP-47 primary subtags', () => {
    expect(['en-US', 'pt_BR', 'de-de', 'zh-Hans', 'js', 'api', 'x-default', 'v1'].map(languageOf)).toEqual([
      'en',
      'pt',
      'de',
      'zh',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(folderLanguage('https://x.test/pt-BR/a.html')).toBe('pt');
    expect(folderLanguage('https://x.test/docs/a.html')).toBeUndefined();
    const read = readPageLanguage(
      '<html><head><link href="/fr/" hreflang="fr" rel="alternate"><link rel="stylesheet" hreflang="de" href="/de/"></head></html>',
      'https://x.test/',
      'de-CH, en',
    );
    expect(read.declared).toBe('de');
    expect([...read.alternates]).toEqual([['https://x.test/fr/', 'fr']]);
    // Read on the main thread: hostile markup that a backtracking scan would take hours over comes back (the test's time limit).
    for (const hostile of ['<a '.repeat(600_000), `<a ${'a'.repeat(1_900_000)}>`, `<link ${'x=1 '.repeat(400_000)}hreflang=fr href=/fr/>`])
      expect(readPageLanguage(hostile, 'https://x.test/').declared).toBeUndefined();
    expect([
      ...readPageLanguage(`<link ${'x=1 '.repeat(400_000)} rel=alternate hreflang=fr href=/fr/>`, 'https://x.test/').alternates,
    ]).toEqual([['https://x.test/fr/', 'fr']]);
  });
});
