import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { configChoiceParams, configChoiceSql, queryTextConfig } from '../../src/language/queryConfig.js';
import { strippedByConfig, withoutGeneralWords } from '../../src/answer/retrieval/questionGeneralWords.js';
import { TEXT_CONFIGS } from '../../src/language/configs.js';
import { withoutEnclitics } from '../../src/language/enclitics.js';
import { generalWordsFor } from '../../src/language/generalWords.js';
import { openTestDb } from '../helpers/db.js';

/**
 * The question's configuration is chosen in SQL too, in the statement that reads the question
 * (answer/retrieval/queryAnalysis.ts, one round trip): it must choose as queryTextConfig does, for
 * every kind of bot and question.
 */
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const BOTS: [string | null, string[]][] = [
  [null, ['en', 'de']],
  [null, []],
  ['en', ['en']],
  ['de', ['de']],
  ['de', ['de', 'en']],
  ['en', ['en', 'de', 'zh']],
  ['zh', ['zh']],
  ['pt-BR', ['pt']],
  ['PT', ['pt', 'es']],
  ['xx', ['xx', 'en']],
  ['nb', ['nb', 'nn']],
  ['', ['en', 'fr']],
  ['english', ['en', 'fr']],
];
const QUESTIONS = [
  'How do I install the quill command line tool?',
  'Wie kann ich die Pakete aktualisieren, wenn das Netzwerk nicht geht?',
  'Comment est-ce que je peux configurer le serveur pour les journaux?',
  '如何安装这个软件包',
  'plugins',
  '¿Cómo puedo instalar el paquete en mi servidor?',
];

describe('the question configuration chosen in SQL', () => {
  it('is the one queryTextConfig chooses, for every bot and question', async () => {
    let checked = 0;
    for (const [language, pageLanguages] of BOTS) {
      const bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
      await db.query('UPDATE chatbots SET language = $2, page_languages = $3 WHERE id = $1', [bot, language, pageLanguages]);
      for (const question of QUESTIONS) {
        const [row] = await db.query<{ config: string }>(`SELECT config FROM ${configChoiceSql('$1', 2)} AS c`, [
          bot,
          ...configChoiceParams(question),
        ]);
        expect({ language, pageLanguages, question, config: row?.config }).toEqual({
          language,
          pageLanguages,
          question,
          config: await queryTextConfig(db, bot, question),
        });
        checked++;
      }
    }
    // A bot that does not exist reads as English, as queryTextConfig reads it.
    const [none] = await db.query<{ config: string }>(`SELECT config FROM ${configChoiceSql('$1', 2)} AS c`, [
      '00000000-0000-0000-0000-000000000001',
      ...configChoiceParams(QUESTIONS[1]!),
    ]);
    expect(none?.config).toBe(await queryTextConfig(db, '00000000-0000-0000-0000-000000000001', QUESTIONS[1]!));
    expect(checked).toBe(BOTS.length * QUESTIONS.length);
  });
});

describe('the question without its general words, per configuration', () => {
  it('is what withoutGeneralWords makes of it in each configuration (the question itself where nothing changes)', () => {
    const questions = [...QUESTIONS, "Where's the l'on d'accord İstanbul über-fast thing, actually?", 'x.use and use_it, please', ''];
    let changed = 0;
    for (const question of questions) {
      const { configs, texts } = strippedByConfig(question);
      for (const config of TEXT_CONFIGS) {
        const i = configs.indexOf(config);
        // As the configuration reads it (language/enclitics.ts: French "est-ce" is "est").
        const own = withoutEnclitics(question, config);
        const expected = withoutGeneralWords(own, generalWordsFor(config));
        expect({ config, question, text: i >= 0 ? texts[i] : own }).toEqual({ config, question, text: expected });
        if (expected !== question) changed++;
      }
    }
    expect(changed).toBeGreaterThan(10);
  });
});
