import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractiveAnswer } from '../../../src/answer/extractive/extractive.js';
import { databaseLexer } from '../../../src/answer/extractive/lexer.js';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import type { Db } from '../../../src/db/db.js';
import { languageNamesIn } from '../../../src/language/languageNames.js';
import { openTestDb } from '../../helpers/db.js';
import { seedBot, seedBotInLanguage, type SeedPage } from '../seed.js';

describe('languageNamesIn', () => {
  it("finds languages' names in the catalogue's languages, whatever their case", () => {
    expect(languageNamesIn('Can I build my site in German and English?')).toBe('German English');
    expect(languageNamesIn('Gibt es die Doku auf Französisch oder italienisch?')).toBe('Französisch italienisch');
    expect(languageNamesIn('¿Está la documentación en alemán?')).toBe('alemán');
  });

  it('finds nothing in a question that names no language, nor in three-letter words', () => {
    expect(languageNamesIn('How do I deploy my site to Netlify?')).toBe('');
    expect(languageNamesIn('Is the ewe a sheep?')).toBe('');
  });
});

const FAQ: SeedPage = {
  url: 'https://docs.test/faq',
  title: 'Frequently asked questions',
  chunks: [
    {
      heading: 'Can I build a site in several languages?',
      content: 'Yes. Add a `[languages]` table to `docs.toml` and put the translations in `content/<code>/`.',
    },
  ],
};
const DEPLOY: SeedPage = {
  url: 'https://docs.test/deploy',
  title: 'Deploying your site',
  chunks: [
    { heading: 'Deploying your site', content: 'Build your site with `docs build` and copy the `_site` folder to any static host.' },
  ],
};

describe('a question that names languages the site never names', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('is answered from the passage about languages, not hedged with another', async () => {
    const bot = await seedBot(db, [FAQ, DEPLOY]);
    const question = 'Can I build my site in German and English?';
    const found = await new FullTextRetriever(db).retrieve(bot, question);
    expect(found.outcome).toBe('answer');
    expect(found.pages[0]?.url).toBe(FAQ.url);
    const { markdown } = await extractiveAnswer(question, found.terms, found.pages, databaseLexer(db));
    expect(markdown).toContain('`[languages]` table');
  });

  it('reads a German question the same way on a German site', async () => {
    const bot = await seedBotInLanguage(db, 'de', 'german', [
      {
        url: 'https://doku.test/faq',
        title: 'Häufige Fragen',
        chunks: [
          { heading: 'Kann ich eine Website in mehreren Sprachen bauen?', content: 'Ja. Legen Sie für jede Sprache einen Ordner an.' },
        ],
      },
      {
        url: 'https://doku.test/bauen',
        title: 'Die Website bauen',
        chunks: [{ heading: 'Die Website bauen', content: 'Bauen Sie Ihre Website mit `docs build` und kopieren Sie den Ordner `_site`.' }],
      },
    ]);
    const found = await new FullTextRetriever(db).retrieve(bot, 'Kann ich meine Website auf Französisch und Englisch bauen?');
    expect(found.pages[0]?.url).toBe('https://doku.test/faq');
  });

  it('is read as written where the site names the language', async () => {
    const bot = await seedBot(db, [
      FAQ,
      {
        url: 'https://docs.test/german',
        title: 'German translation',
        chunks: [{ heading: 'German translation', content: 'The German translation of the site is built from `content/de/`.' }],
      },
    ]);
    const found = await new FullTextRetriever(db).retrieve(bot, 'Is there a German version of the site?');
    expect(found.terms.map((t) => t.lexeme)).not.toContain('languag');
    expect(found.pages[0]?.url).toBe('https://docs.test/german');
  });
});
