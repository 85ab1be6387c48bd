import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { FullTextRetriever } from '../../src/answer/retrieval/retriever.js';
import type { Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { readTermStats } from '../../src/db/repositories/termStats.js';
import { TEXT_CONFIGS } from '../../src/language/configs.js';
import { openTestDb, openTestDbBefore } from '../helpers/db.js';
import { seedBotInLanguage, topicPages, type SeedPage } from '../answer/seed.js';

/** The configurations migration 031 reads without accents (docent_folds). */
const FOLDING = ['french', 'italian', 'portuguese', 'romanian', 'spanish'];

/** A small French manual: the page that answers writes its words with their accents. */
const MANUEL: SeedPage[] = [
  {
    url: 'https://manuel.test/editeur',
    title: "Choisir l'éditeur",
    chunks: [{ content: "L'éditeur par défaut du système se règle avec update-alternatives. Le réseau n'y est pour rien." }],
  },
  {
    url: 'https://manuel.test/paquets',
    title: 'Les paquets',
    chunks: [{ content: 'Un paquet installé se retire avec apt remove. Un système propre a peu de paquets.' }],
  },
  ...topicPages(
    'https://manuel.test',
    ['Impression', 'Sauvegardes', 'Fuseaux horaires', 'Graphisme', 'Services', 'Noyau', 'Courrier', 'Sécurité'],
    (t) => `Ce chapitre décrit ${t.toLowerCase()} sur le système.`,
  ),
];

const seedFrench = (db: Db): Promise<string> => seedBotInLanguage(db, 'fr', 'french', MANUEL);

describe('accents', () => {
  it('are taken off by docent_unmark, letters kept', async () => {
    const db = await openTestDb();
    onTestFinished(() => db.close());
    const [row] = await db.query<{ t: string }>(`SELECT docent_unmark('éditeur, contraseña, configuração, perché, știință, Ærø') AS t`);
    expect(row!.t).toBe('editeur, contrasena, configuracao, perche, stiinta, Ærø');
  });

  it('are folded in every listed configuration the seam hands out, and nowhere else', async () => {
    const db = await openTestDb();
    onTestFinished(() => db.close());
    for (const config of TEXT_CONFIGS) {
      const [row] = await db.query<{ changed: boolean }>(
        `SELECT docent_tsvector($1, 'éditeur señal') IS DISTINCT FROM to_tsvector($1::regconfig, 'éditeur señal') AS changed`,
        [config],
      );
      expect([config, row!.changed]).toEqual([config, FOLDING.includes(config)]);
    }
  });
});

describe('a French question written without accents', () => {
  let db: Db;
  let bot: string;
  beforeAll(async () => {
    db = await openTestDb();
    bot = await seedFrench(db);
  });
  afterAll(() => db.close());

  it('finds the page that writes its words with them', async () => {
    const r = await new FullTextRetriever(db).retrieve(bot, "Comment choisir l'editeur par defaut ?");
    expect(r.textConfig).toBe('french');
    expect(r.terms.map((t) => [t.lexeme, t.df > 0])).toEqual(
      expect.arrayContaining([
        ['editeur', true],
        ['defaut', true],
      ]),
    );
    expect(r.pages[0]?.url).toBe('https://manuel.test/editeur');
  });

  it('reads as the same question written with them', async () => {
    const retriever = new FullTextRetriever(db);
    const plain = await retriever.retrieve(bot, "Comment se regle l'editeur du reseau ?");
    const marked = await retriever.retrieve(bot, "Comment se règle l'éditeur du réseau ?");
    const read = (r: typeof plain) => r.terms.map((t) => [t.lexeme, t.df]);
    expect(read(plain)).toEqual(read(marked));
    expect(plain.pages.map((p) => p.url)).toEqual(marked.pages.map((p) => p.url));
    expect(plain.pages[0]?.url).toBe('https://manuel.test/editeur');
  });

  it('keeps the stemmer reading the marked forms as before', async () => {
    // Stemmed first, then unmarked: "installé" and "installer" share `install` as they did.
    const [row] = await db.query<{ v: string }>(`SELECT docent_tsvector('french', 'installé installer sécurité')::text AS v`);
    expect(row!.v).toBe("'install':1,2 'secur':3");
  });
});

describe('migration 031', () => {
  it('reads the words of bots indexed before it again, without their accents', async () => {
    const old = await openTestDbBefore('031');
    onTestFinished(() => old.close());
    const bot = await seedFrench(old);
    expect((await readTermStats(old, bot, ['éditeur'])).df.get('éditeur')).toBe(1);
    await migrate(old);
    const stats = await readTermStats(old, bot, ['éditeur', 'editeur', 'defaut']);
    expect([...stats.df]).toEqual(
      expect.arrayContaining([
        ['editeur', 1],
        ['defaut', 1],
      ]),
    );
    expect(stats.df.has('éditeur')).toBe(false);
    const [page] = await old.query<{ tsv: string }>(`SELECT tsv::text AS tsv FROM documents WHERE url = 'https://manuel.test/editeur'`);
    expect(page!.tsv).toContain("'editeur'");
    const r = await new FullTextRetriever(old).retrieve(bot, "Comment choisir l'editeur par defaut ?");
    expect(r.pages[0]?.url).toBe('https://manuel.test/editeur');
  });
});
