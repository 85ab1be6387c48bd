import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullTextRetriever } from '../../src/answer/retrieval/retriever.js';
import type { Db } from '../../src/db/db.js';
import { withoutLeftover } from '../../src/language/stemLeftovers.js';
import { openTestDb } from '../helpers/db.js';
import { seedBotInLanguage, topicPages } from '../answer/seed.js';

describe('withoutLeftover', () => {
  it("takes off an ending German's stemmer leaves on some forms of a verb", () => {
    expect(withoutLeftover('benutzt', 'german')).toBe('benutz');
    expect(withoutLeftover('entfernt', 'german')).toBe('entfern');
    expect(withoutLeftover('installi', 'german')).toBe('install');
  });

  it('leaves a short stem, a name and other languages', () => {
    expect(withoutLeftover('hat', 'german')).toBeUndefined();
    expect(withoutLeftover('reset', 'german')).toBeUndefined();
    expect(withoutLeftover('/etc/hostname', 'german')).toBeUndefined();
    expect(withoutLeftover('benutzt', 'english')).toBeUndefined();
    expect(withoutLeftover('abiert', 'spanish')).toBeUndefined();
  });
});

describe('a German question whose verb has another stem on the site', () => {
  let db: Db;
  let bot: string;
  beforeAll(async () => {
    db = await openTestDb();
    const topics = ['Pakete', 'Netzwerk', 'Drucker', 'Dateisysteme', 'Sicherungen', 'Zeitzonen', 'Grafik', 'Dienste'];
    bot = await seedBotInLanguage(db, 'de', 'german', [
      {
        url: 'https://handbuch.test/fernzugriff',
        title: 'Fernzugriff',
        chunks: [{ content: 'Ein Programm auf einem Rechner im Netz entfernen Sie mit ssh und apt purge.' }],
      },
      {
        url: 'https://handbuch.test/handbuchseiten',
        title: 'Handbuchseiten',
        chunks: [{ content: 'Jedes Programm hat eine Handbuchseite mit seinen Optionen.' }],
      },
      ...topicPages('https://handbuch.test', topics, (t) => `Dieses Kapitel beschreibt ${t} im System.`),
    ]);
  });
  afterAll(() => db.close());

  it('finds the page that writes it under the other stem first', async () => {
    // "entfernt" is `entfernt`; the page says "entfernen", `entfern`.
    const r = await new FullTextRetriever(db).retrieve(bot, 'Wie wird ein Programm entfernt?');
    expect(r.textConfig).toBe('german');
    expect(r.terms.find((t) => t.lexeme === 'entfern')).toMatchObject({ coverageWeight: 0 });
    expect(r.pages[0]?.url).toBe('https://handbuch.test/fernzugriff');
  });
});
