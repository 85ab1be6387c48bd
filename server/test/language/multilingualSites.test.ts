import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chatbot, Source } from '../../../shared/src/api/types.js';
import type { TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, waitForTask } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite, type Route } from '../fixtures/sites/docsSite.js';

// Real pages, written here, in the languages a site's owner brings: a French manual, and a mixed
// one (German pages, an English one, a Chinese one) that declares no language anywhere.
const page = (title: string, body: string, links: string[] = []): Route => ({
  html: `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>
<nav>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</nav><main><h1>${title}</h1>${body}</main></body></html>`,
});

const frenchSite = (): Record<string, Route> => ({
  '/': page(
    'Manuel de Quillon',
    "<p>Bienvenue dans le manuel de Quillon. Vous trouverez ici les pages sur la configuration du serveur et sur ce qu'il écrit pendant son travail.</p>",
    ['/configuration.html', '/journal.html'],
  ),
  '/configuration.html': page(
    'Configuration du serveur',
    '<p>La configuration du serveur se trouve dans le fichier principal quillon.toml. Pour la modifier, il faut ouvrir ce fichier avec un éditeur, changer la valeur de la clé port et redémarrer le service qui le lit.</p>',
  ),
  '/journal.html': page(
    'Le journal du serveur',
    "<p>Le serveur écrit un journal de ses requêtes dans le dossier /var/log/quillon. Chaque semaine, un nouveau journal est commencé et l'ancien est compressé pour que le disque ne soit jamais plein.</p>",
  ),
});

const mixedSite = (): Record<string, Route> => ({
  '/': page(
    'Handbuch von Quillon',
    '<p>Willkommen im Handbuch von Quillon. Hier finden Sie die Seiten über die Sicherungen und das Netzwerk, die Hinweise zur Version und eine kurze Anleitung auf Chinesisch.</p>',
    ['/sicherung.html', '/netzwerk.html', '/release-notes.html', '/kurzanleitung.html', '/befehle.html'],
  ),
  '/sicherung.html': page(
    'Sicherungen der Daten',
    '<p>Die Sicherungen werden jede Nacht von dem Dienst quillon-backup geschrieben. Jede Datei der Sicherungen liegt im Ordner /var/backups/quillon und ist mit einem Schlüssel verschlüsselt, damit sie nicht von anderen gelesen werden kann.</p>',
  ),
  '/netzwerk.html': page(
    'Netzwerk',
    '<p>Der Dienst hört auf dem Port 8080. Wenn Sie einen anderen Port wählen, müssen Sie auch die Regeln der Firewall ändern, damit die Anfragen den Rechner erreichen.</p>',
  ),
  '/release-notes.html': page(
    'Release notes',
    '<p>This release writes the installer journal to the log folder, and the journals are rotated every week so that they never fill the disk. The upgrade needs no manual steps.</p>',
  ),
  // Commands only: its text names no language, so it is read in the site's.
  '/befehle.html': page('quillon-backup', '<pre>quillon-backup --verify /var/backups/quillon\nquillon-backup --restore 2024-05-01</pre>'),
  '/kurzanleitung.html': page('快速入门', '<p>配置文件位于服务器的主目录中，名为 quillon.toml。修改配置文件后请重新启动服务。</p>'),
});

let t: TestApp;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let french: FixtureSite;
let mixed: FixtureSite;
let auth: Record<string, string>;

beforeAll(async () => {
  french = await startSite(frenchSite);
  mixed = await startSite(mixedSite);
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: `${french.host},${mixed.host}` });
  t = crawl.t;
  auth = { authorization: `Bearer ${await idTokenFor('languages@example.com')}` };
});

afterAll(async () => {
  await crawl?.close();
  await french?.close();
  await mixed?.close();
});

async function crawlBot(url: string): Promise<string> {
  const payload = { url, max_depth: 1, max_pages: 10, all_languages: true };
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/crawl-and-index', headers: auth, payload });
  expect(res.statusCode).toBe(200);
  const { chatbot_id, task_id } = res.json().data as { chatbot_id: string; task_id: string };
  expect((await waitForTask(t, auth, chatbot_id, task_id)).status).toBe('completed');
  return chatbot_id;
}

const botOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${id}`, headers: auth })).json().data.chatbot as Chatbot;

/** The paths of the pages the owner's query route offers for a question, best first. */
async function pagesFor(id: string, question: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/chatbots/${id}/query`, headers: auth, payload: { question } });
  expect(res.statusCode).toBe(200);
  return (res.json().data.sources as Source[]).map((s) => new URL(s.url).pathname);
}

const setLanguage = (id: string, language: string | null) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/chatbots/${id}`, headers: auth, payload: { language } });

describe('a French site', () => {
  it('is detected as French and found by French stems: "configurer" finds "configuration", "journaux" finds "journal"', async () => {
    const id = await crawlBot(`${french.origin}/`);
    expect(await botOf(id)).toMatchObject({ language: 'fr', language_chosen: false });
    expect((await pagesFor(id, 'Comment configurer le port ?'))[0]).toBe('/configuration.html');
    // The English stemmer leaves "journaux" as it is; only French reads it as the plural of "journal".
    expect((await pagesFor(id, 'Où sont les journaux ?'))[0]).toBe('/journal.html');
  }, 60_000);
});

describe('a mixed-language site', () => {
  let id: string;
  beforeAll(async () => {
    id = await crawlBot(`${mixed.origin}/`);
  }, 60_000);

  it("is indexed page by page in each page's language, and the bot's language is most pages'", async () => {
    expect(await botOf(id)).toMatchObject({ language: 'de', language_chosen: false });
    const rows = await t.db.query<{ url: string; ts_config: string }>(
      'SELECT url, ts_config FROM documents WHERE chatbot_id = $1 AND live',
      [id],
    );
    const configOf = Object.fromEntries(rows.map((r) => [new URL(r.url).pathname, r.ts_config]));
    expect(configOf).toMatchObject({
      '/sicherung.html': 'german',
      '/release-notes.html': 'english',
      '/kurzanleitung.html': 'simple',
      '/befehle.html': 'german',
    });
    // Its words were counted again in German: the term statistics match the chunks.
    const [stats] = await t.db.query<{ counted: number; actual: number }>(
      `SELECT (SELECT sum(df)::int FROM term_stats WHERE chatbot_id = $1) AS counted,
              (SELECT count(*)::int FROM chunks c, unnest(tsvector_to_array(c.tsv)) WHERE c.chatbot_id = $1 AND c.live) AS actual`,
      [id],
    );
    expect(stats!.counted).toBe(stats!.actual);
  });

  it('finds the German page by German stems, the English one by English, and Chinese text by its exact terms', async () => {
    // "Sicherung" is on no page: only German stemming reads it as the singular of "Sicherungen".
    expect((await pagesFor(id, 'Sicherung'))[0]).toBe('/sicherung.html');
    expect((await pagesFor(id, 'Where are the installer journals written?'))[0]).toBe('/release-notes.html');
    // Chinese has no spaces: the page is found by a word inside a sentence.
    expect((await pagesFor(id, '配置文件'))[0]).toBe('/kurzanleitung.html');
  });

  it("re-indexes every page in the owner's language at once, and detects it again when the owner says so", async () => {
    const chosen = await setLanguage(id, 'en-GB');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({ language: 'en', language_chosen: true });
    const configs = await t.db.query<{ ts_config: string }>('SELECT DISTINCT ts_config FROM chunks WHERE chatbot_id = $1', [id]);
    expect(configs.map((r) => r.ts_config)).toEqual(['english']);
    // Read as English, "Sicherung" is not "Sicherungen": the site no longer answers it.
    expect(await pagesFor(id, 'Sicherung')).not.toContain('/sicherung.html');

    const detected = await setLanguage(id, null);
    expect(detected.json().data).toMatchObject({ language: 'de', language_chosen: false });
    expect((await pagesFor(id, 'Sicherung'))[0]).toBe('/sicherung.html');
  });

  it('refuses a language code no one speaks, with the error envelope', async () => {
    const res = await setLanguage(id, 'klingonish');
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain('language must be a language code');
  });
});
