import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import type { Db } from '../../../src/db/db.js';
import { separableJoins } from '../../../src/language/separableVerbs.js';
import { openTestDb } from '../../helpers/db.js';
import { indexInLanguage, seedBot } from '../seed.js';

describe('separableJoins', () => {
  it("joins a clause's closing particle to each word that may be its verb", () => {
    expect(separableJoins('Wie setze ich das root-Passwort zurück?', 'german')).toEqual(
      expect.arrayContaining(['zurückwie', 'zurücksetze', 'zurückich']),
    );
    // German nouns are capitalised: never the verb.
    expect(separableJoins('Wie setze ich das Passwort zurück?', 'german')).not.toContain('zurückpasswort');
    expect(separableJoins('Wie lege ich fest, welcher Editor benutzt wird?', 'german')).toContain('festlege');
    expect(separableJoins('Hoe stel ik de taal in?', 'dutch')).toContain('instel');
  });

  it('joins nothing without a closing particle, in a short clause, or in a language that does not separate', () => {
    expect(separableJoins('Wie ändere ich das Passwort?', 'german')).toEqual([]);
    expect(separableJoins('Geht auf?', 'german')).toEqual([]);
    expect(separableJoins('How do I set it up?', 'english')).toEqual([]);
    expect(separableJoins('', 'german')).toEqual([]);
  });

  it('stays small on a long clause', () => {
    expect(separableJoins(`${'wort '.repeat(500)}zurück`, 'german').length).toBeLessThanOrEqual(12);
  });
});

describe('a separated verb, on a German site', () => {
  let db: Db;
  let bot: string;
  beforeAll(async () => {
    db = await openTestDb();
    bot = await seedBot(db, [
      {
        url: 'https://handbuch.test/konten',
        title: 'Benutzerkonten',
        chunks: [
          {
            heading: 'Konten',
            content:
              'Das root-Passwort wird bei der Installation vergeben. Ein gutes root-Passwort ist lang und kommt in keinem Wörterbuch vor.',
          },
        ],
      },
      {
        url: 'https://handbuch.test/sicherheit',
        title: 'Sicherheit',
        chunks: [
          {
            heading: 'Notfälle',
            content: 'Zum Zurücksetzen des root-Passworts booten Sie mit init=/bin/sh.',
          },
        ],
      },
      // Other pages, so that words have the weights they would have on a real site.
      ...['Pakete', 'Netzwerk', 'Drucker', 'Dateisysteme', 'Sicherungen', 'Zeitzonen', 'Tastatur', 'Grafik'].map((topic) => ({
        url: `https://handbuch.test/${topic.toLowerCase()}`,
        title: topic,
        chunks: [{ content: `Dieses Kapitel beschreibt ${topic} im System. Der Verwalter richtet ${topic} bei der Installation ein.` }],
      })),
    ]);
    await indexInLanguage(db, bot, 'de', 'german');
  });
  afterAll(() => db.close());

  it('finds the page that writes it joined', async () => {
    const r = await new FullTextRetriever(db).retrieve(bot, 'Ich habe das root-Passwort vergessen. Wie setze ich es zurück?');
    expect(r.textConfig).toBe('german');
    expect(r.terms.map((t) => t.lexeme)).toContain('zurucksetz');
    expect(r.pages[0]?.url).toBe('https://handbuch.test/sicherheit');
  });

  it('never counts a join the site does not write', async () => {
    const r = await new FullTextRetriever(db).retrieve(bot, 'Wie stelle ich das Passwort um?');
    expect(r.terms.map((t) => t.lexeme)).not.toContain('umstell');
    expect(r.absent ?? []).toEqual([]);
  });
});
