import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullTextRetriever } from '../../src/answer/retrieval/retriever.js';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { withoutEnclitics } from '../../src/language/enclitics.js';
import { openTestDb } from '../helpers/db.js';
import { indexInLanguage, seedPages } from '../answer/seed.js';

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

describe('a question with a pronoun joined to a short verb, on a Spanish site', () => {
  let db: Db;
  let bot: string;
  beforeAll(async () => {
    db = await openTestDb();
    bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
    const topics = ['paquetes', 'red', 'impresoras', 'copias', 'zonas', 'teclados', 'gráficos', 'usuarios', 'servicios', 'núcleos'];
    await seedPages(db, bot, [
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
      ...topics.map((t) => ({
        url: `https://manual.test/${t}`,
        title: t,
        chunks: [{ content: `Este capítulo describe ${t} en el sistema y cómo se instala cada uno.` }],
      })),
    ]);
    await indexInLanguage(db, bot, 'es', 'spanish');
  });
  afterAll(() => db.close());

  it('reads the verb, not a stem of its own that one page shares', async () => {
    const r = await new FullTextRetriever(db).retrieve(bot, '¿Cómo instalo un sistema en un directorio para usarlo con chroot?');
    expect(r.textConfig).toBe('spanish');
    expect(r.terms.map((t) => t.lexeme)).not.toContain('usarl');
    expect(r.pages[0]?.url).toBe('https://manual.test/chroot');
  });
});
