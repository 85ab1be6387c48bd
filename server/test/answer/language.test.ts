import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/src/api/types.js';
import { detectLanguage } from '../../../shared/src/messages/detect.js';
import { LANGUAGES } from '../../../shared/src/messages/index.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { forgetPublicBot } from '../../src/db/repositories/publicBotCache.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';
import { QUILL_SITE, seedPages, type SeedPage } from './seed.js';

/**
 * Issue 38: the bot speaks its site's language. A German bot declines, hedges, greets and makes
 * small talk in German; a question clearly in another of the catalogue's languages gets that
 * language's fixed texts (English to the German bot, French to an English one).
 */
const de = LANGUAGES.de.reply;
const en = LANGUAGES.en.reply;
const fr = LANGUAGES.fr.reply;

/** A small German documentation site about a fictional tool, "Kompass". */
const KOMPASS_SITE: SeedPage[] = [
  {
    url: 'https://docs.kompass.test/installation',
    title: 'Installation',
    chunks: [
      {
        heading: 'Installation',
        content:
          'Kompass wird mit dem Paketmanager installiert: Führen Sie `apt install kompass` aus. Danach steht der Befehl kompass in der Kommandozeile zur Verfügung.',
      },
    ],
  },
  {
    url: 'https://docs.kompass.test/ausgabe',
    title: 'Ausgabeordner',
    chunks: [
      {
        heading: 'Ausgabeordner',
        content: 'Kompass schreibt die fertigen Seiten in den Ausgabeordner public. Der Ordner kann auf jeden Webserver kopiert werden.',
      },
    ],
  },
];

let t: TestApp;
let germanBot: string;
let englishBot: string;
let germanQuillBot: string;

beforeAll(async () => {
  t = await buildTestApp();
  const ownerUid = (await signIn('language-owner@example.com')).uid;
  germanBot = (await insertChatbot(t.db, { ownerUid, name: 'Kompass' })).id;
  await seedPages(t.db, germanBot, KOMPASS_SITE);
  await t.db.query(`UPDATE chatbots SET language = 'de' WHERE id = $1`, [germanBot]);
  forgetPublicBot(germanBot);
  englishBot = (await insertChatbot(t.db, { ownerUid, name: 'Quill Docs' })).id;
  await seedPages(t.db, englishBot, QUILL_SITE);
  germanQuillBot = (await insertChatbot(t.db, { ownerUid, name: 'Quill (de)' })).id;
  await seedPages(t.db, germanQuillBot, QUILL_SITE);
  await t.db.query(`UPDATE chatbots SET language = 'de' WHERE id = $1`, [germanQuillBot]);
});
afterAll(async () => {
  await t?.close();
});

/** One question in a new conversation with the bot; the stored answer. */
async function ask(bot: string, content: string): Promise<Message> {
  const visitor = newVisitorId();
  const conv = await t.app.inject({
    method: 'POST',
    url: `/api/v1/chatbots/${bot}/conversations`,
    payload: { title: 'New Chat', visitor_id: visitor },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/chatbots/${bot}/conversations/${conv.json().data.id}/messages`,
    payload: { content, visitor_id: visitor },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.assistant_message as Message;
}

describe('a German bot', () => {
  it('declines, greets and makes small talk in German', async () => {
    expect((await ask(germanBot, 'Wie backe ich ein gutes Sauerteigbrot mit Roggenmehl?')).content).toBe(de.notCovered);
    expect((await ask(germanBot, 'Hallo!')).content).toBe(de.hello);
    expect((await ask(germanBot, 'Vielen Dank für die Hilfe!')).content).toBe(de.welcome);
    expect((await ask(germanBot, 'Wer bist du?')).content).toBe(de.identity);
    expect((await ask(germanBot, 'tschüss')).content).toBe(de.goodbye);
    // Too short to tell a language: the bot's own is kept.
    expect((await ask(germanBot, 'hi')).content).toBe(de.hello);
  });

  it('hedges in German, then quotes the closest passage with its source', async () => {
    // A German bot over an English-worded site, asked in keywords (no language to tell): the
    // output folder is on the site, a cloud storage bucket is not.
    const reply = await ask(germanQuillBot, 'deploy output folder cloud storage bucket');
    expect(reply.content.startsWith(`${de.unsureIntro}\n\n`)).toBe(true);
    expect(reply.content).toMatch(/\[\[1\]\]\(https:\/\/docs\.quill\.test\//);
    expect(reply.sources.length).toBeGreaterThan(0);
    expect(reply.content).not.toMatch(/^Also:$/m);
  });

  it('answers an English question with English fixed texts', async () => {
    expect((await ask(germanBot, 'How do I bake a good sourdough bread with rye flour?')).content).toBe(en.notCovered);
  });

  it('sends the widget its German texts with its public info', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${germanBot}/public` });
    const data = res.json().data;
    expect(data.language).toBe('de');
    expect(data.texts).toMatchObject({ typeMessage: 'Nachricht eingeben...', sources: 'Quellen', chatHistory: 'Chatverlauf' });
    const english = (await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${englishBot}/public` })).json().data;
    expect(english.language).toBe('en');
    expect(english.texts).toBeUndefined();
  });
});

describe('a German bot on a site its owner did not allow', () => {
  it('refuses in German', async () => {
    const bot = (await insertChatbot(t.db, { ownerUid: (await signIn('language-owner@example.com')).uid, name: 'Kompass intern' })).id;
    await t.db.query(`UPDATE chatbots SET language = 'de', allowed_origins = $2 WHERE id = $1`, [bot, ['https://kompass.test']]);
    forgetPublicBot(bot);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${bot}/public`, headers: { origin: 'https://elsewhere.test' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(LANGUAGES.de.chat.notOnThisSite);
  });
});

describe('an English bot', () => {
  it('answers a French question with French fixed texts', async () => {
    const reply = await ask(englishBot, 'Quelle est la meilleure recette de pain au levain pour les débutants ?');
    expect(reply.content).toBe(fr.notCovered);
    expect(reply.sources).toEqual([]);
    expect(detectLanguage(reply.content)).toBe('fr');
  });

  it('keeps English for English questions', async () => {
    expect((await ask(englishBot, 'What is a good hydration ratio for sourdough?')).content).toBe(en.notCovered);
    expect((await ask(englishBot, 'hello')).content).toBe(en.hello);
  });
});
