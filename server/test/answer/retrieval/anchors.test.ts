import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import type { Db } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { openTestDb } from '../../helpers/db.js';
import { seedPages } from '../seed.js';

let db: Db;
let bot: string;

// Two pages that use the question's words alike; only other pages' links call one of them "shelve".
beforeAll(async () => {
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  const body = 'Put the changes of the working tree aside and bring them back later with the restore command.';
  await seedPages(db, bot, [
    {
      url: 'https://vcs.test/save-aside',
      title: 'Saving work aside',
      chunks: [{ content: body }],
      anchorText: 'shelve your changes\nsave work aside',
    },
    { url: 'https://vcs.test/keep-aside', title: 'Keeping work aside', chunks: [{ content: body }] },
    ...Array.from({ length: 30 }, (_, i) => ({
      url: `https://vcs.test/news/${i}`,
      title: `News ${i}`,
      chunks: [{ content: `Release ${i} makes the commands faster.` }],
    })),
  ]);
});
afterAll(() => db.close());

describe('anchor text of in-links', () => {
  it('ranks the page other pages name with the question word first, and only counts it when the share is on', async () => {
    const question = 'How do I shelve my changes and get them back?';
    const on = await new FullTextRetriever(db).retrieve(bot, question, { keepBelowFloor: true });
    expect(on.pages[0]!.url).toBe('https://vcs.test/save-aside');
    const off = await new FullTextRetriever(db, undefined, { params: { anchorShare: 0 } }).retrieve(bot, question, {
      keepBelowFloor: true,
    });
    expect(off.pages[0]!.score).toBeLessThan(on.pages[0]!.score);
    // The anchor names the page; it does not make the passage hold words it does not have.
    expect(on.pages[0]!.coverage).toBe(off.pages.find((p) => p.url === 'https://vcs.test/save-aside')!.coverage);
  });
});
