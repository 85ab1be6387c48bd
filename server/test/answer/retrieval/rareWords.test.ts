import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rareQuery } from '../../../src/answer/retrieval/candidates.js';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import type { QueryTerm } from '../../../src/answer/types.js';
import type { Db } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { openTestDb } from '../../helpers/db.js';
import { seedPages } from '../seed.js';

// The rarest words of a question reach ranking, however many chunks repeat its common words: two
// words tied for rarest ("vendor", "rpm") each bring their own pages, not only the first of them.

let db: Db;
let bot: string;

beforeAll(async () => {
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  // Eighty pages that say "install" over and over: the OR list, ranked without IDF, puts them first.
  const installs = Array.from({ length: 80 }, (_, i) => ({
    url: `https://docs.test/install/${i}`,
    title: `Install step ${i}`,
    chunks: [{ content: `Install the tool, install its plugin ${i}, then install the theme. Install again to update.` }],
  }));
  await seedPages(db, bot, [
    ...installs,
    { url: 'https://docs.test/vendors', title: 'Vendors', chunks: [{ content: 'Each vendor signs its releases with a published key.' }] },
    {
      url: 'https://docs.test/other-formats',
      title: 'Other package formats',
      chunks: [{ content: 'An RPM package can be converted with alien before it is put on the system.' }],
    },
  ]);
});
afterAll(() => db.close());

describe('rare words', () => {
  it("finds the page of each word tied for rarest, past the common word's many chunks", async () => {
    const r = await new FullTextRetriever(db).retrieve(bot, "Can I install a vendor's .rpm?", { keepBelowFloor: true, pages: 10 });
    const urls = r.pages.map((p) => p.url);
    expect(urls).toContain('https://docs.test/other-formats');
    expect(urls).toContain('https://docs.test/vendors');
  });

  it('takes the words about as rare as the rarest while their chunks fit the list, and none when even the rarest is common', () => {
    const term = (lexeme: string, df: number) => ({ lexeme, df }) as QueryTerm;
    expect(rareQuery([term('vendor', 8), term('rpm', 8), term('instal', 530)], 600, 25)).toBe("'vendor' | 'rpm'");
    expect(rareQuery([term('night', 1), term('ubuntu', 2), term('mysql', 3), term('backup', 17)], 600, 25)).toBe("'night' | 'ubuntu'");
    expect(rareQuery([term('vendor', 20), term('rpm', 20)], 600, 25)).toBe("'vendor'");
    expect(rareQuery([term('file', 900)], 600, 25)).toBeNull();
  });
});
