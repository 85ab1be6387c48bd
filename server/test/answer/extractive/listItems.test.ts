import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractiveAnswer } from '../../../src/answer/extractive/extractive.js';
import { databaseLexer } from '../../../src/answer/extractive/lexer.js';
import { scatteredOverItems } from '../../../src/answer/extractive/listItems.js';
import { toUnits } from '../../../src/answer/extractive/sentences.js';
import type { LexedUnit } from '../../../src/answer/extractive/window.js';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import type { Db } from '../../../src/db/db.js';
import { openTestDb } from '../../helpers/db.js';
import { seedBot, topicPages } from '../seed.js';

/** Units with their words as a crude lexer reads them (lower case, no stemming): enough for the rule. */
const lexed = (markdown: string): LexedUnit[] =>
  toUnits(markdown, 'https://s.test/').map((unit) => ({ unit, lexemes: new Set(unit.plain.toLowerCase().match(/\p{L}+/gu) ?? []) }));
const weight = new Map([
  ['packages', 1],
  ['removed', 1],
  ['last', 1],
]);

describe('scatteredOverItems', () => {
  it('is true when each of several list items says one question word', () => {
    const list =
      '- `tail` prints the last lines of files.\n- `sort` sorts the lines of text files.\n- `uniq` removed repeated lines of a sorted file.';
    expect(scatteredOverItems(lexed(list), weight)).toBe(true);
  });

  it('is false when one item says two, or a sentence outside the list says one', () => {
    const two = '- `tail` prints the last lines of files.\n- The log lists the packages removed by each run of the tool.';
    expect(scatteredOverItems(lexed(two), weight)).toBe(false);
    const lead = 'The packages of the system are in this list:\n\n- `tail` prints the last lines.\n- `uniq` removed repeated lines here.';
    expect(scatteredOverItems(lexed(lead), weight)).toBe(false);
    expect(scatteredOverItems(lexed('A paragraph that names no word of the question at all.'), weight)).toBe(false);
  });
});

describe('an answer with a list of unrelated commands beside it', () => {
  let db: Db;
  let bot: string;
  beforeAll(async () => {
    db = await openTestDb();
    bot = await seedBot(db, [
      {
        url: 'https://admin.test/history',
        title: 'Package history',
        chunks: [
          {
            heading: 'Package history',
            content: 'The file `/var/log/dpkg.log` records every package installed, one line each.',
          },
        ],
      },
      {
        url: 'https://admin.test/text-tools',
        title: 'Text tools',
        chunks: [
          {
            heading: 'Text tools',
            content:
              'Tools for text files:\n\n- `uniq` prints a sorted file with its repeated lines removed.\n- `sort` sorts the lines of text files.\n- `cal` prints the days of a month as a calendar.\n- `diff` compares two files line by line.',
          },
        ],
      },
      ...topicPages(
        'https://admin.test',
        ['Network', 'Printing', 'Users', 'Disks', 'Mail', 'Time'],
        (t) => `This chapter explains ${t} on the system, with the commands an administrator uses for ${t}.`,
      ),
    ]);
  });
  afterAll(() => db.close());

  it('quotes the page that answers and no items that each share one word with the question', async () => {
    const question = 'Where can I see which packages were installed or removed in the last days?';
    // Every page found, whatever its standing: the list's page is among those the answer draws on.
    const r = await new FullTextRetriever(db).retrieve(bot, question, { keepBelowFloor: true });
    expect(r.pages.map((p) => p.url)).toContain('https://admin.test/text-tools');
    const { markdown, cited } = await extractiveAnswer(question, r.terms, r.pages, databaseLexer(db));
    expect(markdown).toContain('/var/log/dpkg.log');
    expect(markdown).not.toContain('`uniq`');
    expect(cited.map((p) => p.url)).toEqual(['https://admin.test/history']);
  });
});
