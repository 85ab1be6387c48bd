import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullTextRetriever } from '../../src/answer/retrieval/retriever.js';
import type { Db } from '../../src/db/db.js';
import { withoutEnclitics } from '../../src/language/enclitics.js';
import { openTestDb } from '../helpers/db.js';
import { seedBotInLanguage, topicPages } from '../answer/seed.js';

describe('withoutEnclitics', () => {
  it('takes the pronouns off a Spanish infinitive or gerund', () => {
    expect(withoutEnclitics('¿Puedo limitar su para que solo algunos usuarios puedan usarlo?', 'spanish')).toBe(
      '¿Puedo limitar su para que solo algunos usuarios puedan usar?',
    );
    expect(withoutEnclitics('instalarlo, conectarse, instalándolo, hacerlas, explicármelo', 'spanish')).toBe(
      'instalar, conectar, instalando, hacer, explicar',
    );
  });

  it('leaves words that only end like one, and other languages', () => {
    const words = 'Carlos aparte confirme números claros perla comparte Parte Carla';
    expect(withoutEnclitics(words, 'spanish')).toBe(words);
    expect(withoutEnclitics('How do I use it, usarlo?', 'english')).toBe('How do I use it, usarlo?');
  });
});

describe('withoutEnclitics in French', () => {
  it('takes the pronoun off an inverted or imperative verb', () => {
    expect(
      withoutEnclitics("Que dois-je faire ? Comment puis-je le régler ? Y a-t-il un outil ? Dis-moi, peut-on l'installer-le ?", 'french'),
    ).toBe("Que dois faire ? Comment puis le régler ? Y a un outil ? Dis, peut l'installer ?");
  });

  it('leaves hyphenated words and names', () => {
    const words = "peut-être, c'est-à-dire, presse-papiers, mot-clé, Jean-Pierre, Aix-les-Bains, arc-en-ciel";
    expect(withoutEnclitics(words, 'french')).toBe(words);
  });
});

describe('withoutEnclitics in Italian and Portuguese', () => {
  it('reads an Italian verb whole again without its pronoun, as Spanish', () => {
    expect(withoutEnclitics('Possano usarlo? Come installarla, configurarli, aprirne, usandolo?', 'italian')).toBe(
      'Possano usare? Come installare, configurare, aprire, usando?',
    );
    const words = 'Carlo parla, le armi, certi, Marlene, perla, Parigi';
    expect(withoutEnclitics(words, 'italian')).toBe(words);
  });

  it('takes the pronoun hyphenated to a Portuguese verb off, and leaves compounds', () => {
    expect(withoutEnclitics('Esqueci-me da palavra-passe. Como configurá-lo? Pode-se usar? Diga-me.', 'portuguese')).toBe(
      'Esqueci da palavra-passe. Como configurá? Pode usar? Diga.',
    );
    const words = 'guarda-chuva, segunda-feira, bem-vindo, arco-íris';
    expect(withoutEnclitics(words, 'portuguese')).toBe(words);
  });
});

describe('a French question asked with an inverted verb', () => {
  let db: Db;
  let bot: string;
  beforeAll(async () => {
    db = await openTestDb();
    const topics = ['paquets', 'réseau', 'impression', 'sauvegardes', 'fuseaux', 'claviers', 'graphismes', 'utilisateurs', 'services'];
    bot = await seedBotInLanguage(db, 'fr', 'french', [
      {
        url: 'https://manuel.test/ssh',
        title: 'Le serveur SSH',
        chunks: [{ content: "Si la clé de l'hôte a changé après une réinstallation, retirez l'ancienne de known_hosts." }],
      },
      ...topicPages('https://manuel.test', topics, (t) => `Ce chapitre décrit ${t} sur le système et ce qu'il faut faire.`),
    ]);
  });
  afterAll(() => db.close());

  it('reads the verb without its pronoun, not as a word the site never writes', async () => {
    const r = await new FullTextRetriever(db).retrieve(bot, "SSH dit que la clé de l'hôte a changé. Que dois-je faire ?");
    expect(r.textConfig).toBe('french');
    expect(r.terms.map((t) => t.lexeme)).not.toContain('dois-j');
    expect(r.pages[0]?.url).toBe('https://manuel.test/ssh');
  });
});

describe('a question with a pronoun joined to a short verb, on a Spanish site', () => {
  let db: Db;
  let bot: string;
  beforeAll(async () => {
    db = await openTestDb();
    const topics = ['paquetes', 'red', 'impresoras', 'copias', 'zonas', 'teclados', 'gráficos', 'usuarios', 'servicios', 'núcleos'];
    bot = await seedBotInLanguage(db, 'es', 'spanish', [
      {
        url: 'https://manual.test/chroot',
        title: 'Sistemas chroot',
        chunks: [{ content: 'Con debootstrap se instala un sistema básico en un directorio para el entorno chroot.' }],
      },
      {
        url: 'https://manual.test/editores',
        title: 'Editores',
        chunks: [{ content: 'Este editor es sencillo: puede usarlo sin instalar nada más en su sistema.' }],
      },
      ...topicPages('https://manual.test', topics, (t) => `Este capítulo describe ${t} en el sistema y cómo se instala cada uno.`),
    ]);
  });
  afterAll(() => db.close());

  it('reads the verb, not a stem of its own that one page shares', async () => {
    const r = await new FullTextRetriever(db).retrieve(bot, '¿Cómo instalo un sistema en un directorio para usarlo con chroot?');
    expect(r.textConfig).toBe('spanish');
    expect(r.terms.map((t) => t.lexeme)).not.toContain('usarl');
    expect(r.pages[0]?.url).toBe('https://manual.test/chroot');
  });
});
