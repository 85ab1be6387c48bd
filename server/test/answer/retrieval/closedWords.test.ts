import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import type { Db } from '../../../src/db/db.js';
import { closedJoins, joinReads } from '../../../src/language/closedWords.js';
import { openTestDb } from '../../helpers/db.js';
import { seedBot, topicPages } from '../seed.js';

describe('closedJoins', () => {
  it('joins each pair of neighbouring words within a clause', () => {
    const joins = closedJoins('How do I mount the file system, read-only?').map((j) => j.joined);
    expect(joins).toEqual(expect.arrayContaining(['filesystem', 'mountthe', 'howdo', 'readonly']));
    // Not across a clause's end, nor with a one-letter word.
    expect(joins).not.toContain('systemread');
    expect(joins).not.toContain('ido');
    expect(closedJoins('Wie tausche ich die Netzwerk Karte?').map((j) => j.joined)).toContain('netzwerkkarte');
  });

  it('stays small on a long question', () => {
    expect(closedJoins('word '.repeat(500)).length).toBeLessThanOrEqual(16);
    expect(closedJoins('')).toEqual([]);
  });

  it('reads only joins of two words that say something', () => {
    const read = (text: string) =>
      closedJoins(text)
        .filter((j) => joinReads(j, 'english'))
        .map((j) => j.joined);
    expect(read('file system')).toEqual(['filesystem']);
    // A general word with another: "new file" is no "newfile"; nor a join that is a general word.
    expect(read('new file')).toEqual([]);
    expect(read('may be')).toEqual([]);
  });
});

describe('two words a site writes as one', () => {
  let db: Db;
  let bot: string;
  beforeAll(async () => {
    db = await openTestDb();
    bot = await seedBot(db, [
      {
        url: 'https://docs.test/paths',
        title: 'Paths',
        chunks: [
          { content: 'The paths module represents filesystem paths as objects with methods, instead of plain strings.' },
          { heading: 'Mounts', content: 'A mounted filesystem appears as a directory; its paths join the tree.' },
        ],
      },
      {
        url: 'https://docs.test/files',
        title: 'Files',
        chunks: [
          {
            content:
              'Working with a file: open() returns a file object. The operating system keeps the file open until you close it; module os wraps the system calls, and paths are strings.',
          },
        ],
      },
      // Other pages, so that words have the weights they would have on a real site.
      ...topicPages(
        'https://docs.test',
        ['Network', 'Threads', 'Logging', 'Dates', 'Numbers', 'Sockets', 'Email'],
        (t) => `This chapter covers ${t} in the library, with examples for every function and class it offers.`,
      ),
      {
        url: 'https://docs.test/examples',
        title: 'Examples',
        chunks: [{ content: 'Run myprogram with python3 myprogram.py; myprogram prints its arguments.' }],
      },
    ]);
  });
  afterAll(() => db.close());

  it('reads them as the word the site writes, and finds the page about it', async () => {
    const r = await new FullTextRetriever(db).retrieve(bot, 'Is there a module for working with file system paths as objects?');
    expect(r.terms.map((t) => t.lexeme)).toContain('filesystem');
    expect(r.pages[0]?.url).toBe('https://docs.test/paths');
  });

  it('does not read a join the site does not write, or one made with a general word', async () => {
    const r = await new FullTextRetriever(db).retrieve(bot, 'How do I close a file object?');
    expect(r.terms.map((t) => t.lexeme)).not.toContain('fileobject');
    // "my" is a stop word: "my program" is one word of content, not two.
    const mine = await new FullTextRetriever(db).retrieve(bot, 'What arguments does my program get?');
    expect(mine.terms.map((t) => t.lexeme)).not.toContain('myprogram');
  });
});
