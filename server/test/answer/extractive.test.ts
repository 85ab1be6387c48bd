import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseLexer, extractiveAnswer, NOT_COVERED_ANSWER } from '../../src/answer/extractive.js';
import { FullTextRetriever } from '../../src/answer/retriever.js';
import { absolutizeLinks, splitBlocks, splitSentences, toUnits } from '../../src/answer/sentences.js';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { openTestDb } from '../helpers/db.js';
import { QUILL_SITE, seedPages } from './seed.js';

let db: Db;
let bot: string;
let retriever: FullTextRetriever;

beforeAll(async () => {
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  await seedPages(db, bot, QUILL_SITE);
  retriever = new FullTextRetriever(db);
});
afterAll(() => db.close());

async function answer(question: string) {
  const r = await retriever.retrieve(bot, question);
  return extractiveAnswer(question, r.terms, r.covered ? r.pages : [], databaseLexer(db));
}

describe('extractive answers', () => {
  it('leads with the best matching sentence, shows the code that follows it, and cites the page', async () => {
    const { markdown, cited } = await answer('How do I install the quill command line tool?');
    const lead = markdown.split('\n\n')[0]!;
    expect(lead).toMatch(/To install the command line tool, run:/);
    expect(lead).toContain('[[1]](https://docs.quill.test/install)');
    expect(markdown).toContain('```\nnpm install -g quill-cli\n```');
    expect(markdown).toMatch(/\*\*Sources\*\*\n1\. \[Installing Quill\]\(https:\/\/docs\.quill\.test\/install\)/);
    expect(cited[0]!.url).toBe('https://docs.quill.test/install');
  });

  it('answers "what" questions with the defining sentences, citing each page it quotes', async () => {
    const { markdown } = await answer('Which file does Quill read its settings from?');
    expect(markdown.split('\n\n')[0]).toContain('quill.toml');
    expect(markdown).toContain('(https://docs.quill.test/config)');
    // every citation number in the text appears in the Sources list
    const numbers = [...markdown.matchAll(/\[\[(\d+)\]\]/g)].map((m) => Number(m[1]));
    const listed = (markdown.split('**Sources**')[1] ?? '').match(/^\d+\./gm)?.length ?? 0;
    expect(Math.max(...numbers)).toBeLessThanOrEqual(listed);
  });

  it('says plainly when nothing relevant was found', async () => {
    const { markdown, cited } = await answer('What is the boiling point of mercury?');
    expect(markdown).toBe(NOT_COVERED_ANSWER);
    expect(markdown).toMatch(/couldn't find this in the site's pages/);
    expect(cited).toEqual([]);
  });
});

describe('sentence units', () => {
  it('keeps fenced code whole, even with blank lines inside', () => {
    const blocks = splitBlocks('Intro line.\n\n```py\na = 1\n\nb = 2\n```\n\nAfter.');
    expect(blocks).toEqual(['Intro line.', '```py\na = 1\n\nb = 2\n```', 'After.']);
  });

  it('reads a chunk that starts inside a code block as code, not prose', () => {
    const units = toUnits("    main()\nif __name__ == '__main__':\n    main()\n```\n\nHere is an example of how to send a message.", 'https://s.test/');
    expect(units.map((u) => u.kind)).toEqual(['code', 'sentence']);
    expect(units[1]!.text).toBe('Here is an example of how to send a message.');
  });

  it('splits sentences but not after abbreviations or inside inline code', () => {
    expect(splitSentences('Use a list, e.g. the one above. Call `x.sort()` first. Done!')).toEqual([
      'Use a list, e.g. the one above.',
      'Call `x.sort()` first.',
      'Done!',
    ]);
  });

  it('makes relative links absolute and drops unsafe or image links', () => {
    expect(absolutizeLinks('See [the guide](../guide.html#x "Guide") and ![img](a.png) [bad](javascript:alert(1))', 'https://s.test/docs/a/page.html')).toBe(
      'See [the guide](https://s.test/docs/guide.html#x) and  bad)',
    );
  });

  it('turns list items into separate units and skips headings and tables', () => {
    const units = toUnits('# Title\n\n- First item explains something useful.\n- Second item explains another thing.\n\n| a | b |\n|---|---|', 'https://s.test/');
    expect(units.map((u) => u.text)).toEqual(['First item explains something useful.', 'Second item explains another thing.']);
  });
});
