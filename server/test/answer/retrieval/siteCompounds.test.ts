import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import type { Db } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { openTestDb } from '../../helpers/db.js';
import { indexInLanguage, seedPages, type SeedPage } from '../seed.js';

// Enough other pages that a word on one page is a rare one (a common word's compounds are not read).
const FILLER = [
  'Pakete',
  'Netzwerk',
  'Drucker',
  'Dateisysteme',
  'Sicherungen',
  'Zeitzonen',
  'Grafik',
  'Benutzer',
  'Dienste',
  'Protokolle',
  'Kernel',
  'Speicher',
  'Prozesse',
  'Rechte',
  'Schriften',
  'Audio',
  'Video',
  'Mail',
  'Webserver',
  'Datenbanken',
  'Editoren',
  'Skripte',
  'Virtualisierung',
  'Container',
];

const filler = (lang: 'de' | 'en'): SeedPage[] =>
  FILLER.map((topic) => ({
    url: `https://handbuch.test/${topic.toLowerCase()}`,
    title: topic,
    chunks: [
      {
        content:
          lang === 'de'
            ? `Dieses Kapitel beschreibt ${topic} im System. Die Eingabe von Befehlen für ${topic} erfolgt im Terminal.`
            : `This chapter describes ${topic} on the system. Commands for ${topic} are typed in a terminal.`,
      },
    ],
  }));

async function seedBot(db: Db, lang: 'de' | 'en', pages: SeedPage[]): Promise<string> {
  const bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  await seedPages(db, bot, [...pages, ...filler(lang)]);
  if (lang === 'de') await indexInLanguage(db, bot, 'de', 'german');
  return bot;
}

describe("a question's word in the site's compounds", () => {
  let db: Db;
  let german: string;
  let english: string;
  beforeAll(async () => {
    db = await openTestDb();
    german = await seedBot(db, 'de', [
      {
        url: 'https://handbuch.test/tastatureingabe',
        title: 'Die Tastatureingabe',
        chunks: [{ heading: 'Tastatureingabe', content: 'Das Layout wählen Sie mit dpkg-reconfigure keyboard-configuration.' }],
      },
      {
        url: 'https://handbuch.test/hardware',
        title: 'Hardware',
        chunks: [
          { heading: 'Geräte', content: 'Eine Tastatur und eine Maus schließen Sie per USB an.' },
          { heading: 'Verwaltung', content: 'Die Systemverwaltung ordnet die Geräte. Zur Verwaltung gehört auch die Maus.' },
        ],
      },
    ]);
    english = await seedBot(db, 'en', [
      {
        url: 'https://handbuch.test/keyboards',
        title: 'Keyboards',
        chunks: [{ heading: 'Desktops', content: 'Pick a windowmanager: the manager draws every window.' }],
      },
    ]);
  });
  afterAll(() => db.close());

  it('finds the page that writes the word only inside a compound', async () => {
    const r = await new FullTextRetriever(db).retrieve(german, 'Wie wechsle ich die Tastatur?');
    expect(r.terms.find((t) => t.lexeme === 'tastatureingab')).toMatchObject({ coverageWeight: 0 });
    expect(r.pages.map((p) => p.url)).toContain('https://handbuch.test/tastatureingabe');
    // The compound is no word of the question: a page without it misses nothing.
    expect(r.absent ?? []).toEqual([]);
  });

  it('reads no compound of a word that is common on the site', async () => {
    // Every page says "System": "Systemverwaltung" is the site's everyday vocabulary, not the question's subject.
    const r = await new FullTextRetriever(db).retrieve(german, 'Wie ist das System aufgebaut?');
    // (PostgreSQL 15's German stemmer reads "System" as "syst", PGlite's as "system".)
    expect(r.terms.some((t) => t.lexeme.startsWith('syst'))).toBe(true);
    expect(r.terms.some((t) => t.lexeme.includes('verwalt'))).toBe(false);
  });

  it('reads them for a bot whose last question was read in a language that does not compound', async () => {
    // The owner switches the bot from English to German between two questions: the retriever, which
    // had stopped looking up compounds for this bot, reads the German question again with them.
    await db.query(`UPDATE chatbots SET language = 'en', page_languages = '{en}' WHERE id = $1`, [german]);
    const before = await new FullTextRetriever(db).retrieve(german, 'Wie wechsle ich die Tastatur?');
    expect(before.textConfig).toBe('english');
    await db.query(`UPDATE chatbots SET language = 'de', page_languages = '{de}' WHERE id = $1`, [german]);
    const after = await new FullTextRetriever(db).retrieve(german, 'Wie wechsle ich die Tastatur?');
    expect(after.terms.map((t) => t.lexeme)).toContain('tastatureingab');
  });

  it('leaves English as it reads', async () => {
    const r = await new FullTextRetriever(db).retrieve(english, 'How do I move a window?');
    expect(r.terms.map((t) => t.lexeme)).toContain('window');
    expect(r.terms.map((t) => t.lexeme)).not.toContain('windowmanag');
  });
});
