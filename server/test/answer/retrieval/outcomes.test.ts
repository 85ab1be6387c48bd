import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, withParams } from '../../../src/answer/retrieval/params.js';
import { outcomeOf } from '../../../src/answer/retrieval/floor.js';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import type { Db } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { openTestDb } from '../../helpers/db.js';
import { QUILL_SITE, seedPages } from '../seed.js';

let db: Db;
let bot: string;

beforeAll(async () => {
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  await seedPages(db, bot, QUILL_SITE);
  const filler = Array.from({ length: 40 }, (_, i) => ({
    url: `https://docs.quill.test/changelog/${i}`,
    title: `Release notes ${i}`,
    chunks: [{ content: `Version 1.${i} fixes bugs in the renderer and improves performance of page generation. Thanks to contributors.` }],
  }));
  await seedPages(db, bot, filler);
});
afterAll(() => db.close());

describe('three outcomes from the evidence', () => {
  it('answers when a passage holds the question, is unsure when only part of it, refuses when nothing', async () => {
    const retriever = new FullTextRetriever(db);
    const strong = await retriever.retrieve(bot, 'How do I install the Quill command line tool?');
    expect(strong).toMatchObject({ outcome: 'answer', covered: true });
    expect(strong.pages[0]!.url).toBe('https://docs.quill.test/install');

    // Half the question's subject is on the site (the output folder), the rest (Kubernetes, Helm) is not.
    const weak = await retriever.retrieve(bot, 'Can I deploy the output folder to Kubernetes with a Helm chart?');
    expect(weak.outcome).toBe('unsure');
    expect(weak.evidence).toBeGreaterThanOrEqual(DEFAULT_PARAMS.unsureFloor);
    expect(weak.evidence).toBeLessThan(DEFAULT_PARAMS.answerFloor);
    expect(weak.pages.length).toBeGreaterThan(0);

    const none = await retriever.retrieve(bot, 'What is a good hydration ratio for sourdough?');
    expect(none).toMatchObject({ outcome: 'none', covered: false, pages: [] });
  });

  it('takes its floors from the params it is given, so an evaluation can move them', async () => {
    const strict = new FullTextRetriever(db, undefined, { params: { answerFloor: 0.99, unsureFloor: 0.98 } });
    const r = await strict.retrieve(bot, 'Can I deploy the output folder to Kubernetes with a Helm chart?');
    expect(r.outcome).toBe('none');
    expect(outcomeOf(0.5, withParams({ answerFloor: 0.6, unsureFloor: 0.4 }))).toBe('unsure');
    expect(outcomeOf(0.39, withParams({ answerFloor: 0.6, unsureFloor: 0.4 }))).toBe('none');
    expect(outcomeOf(0.6, withParams({ answerFloor: 0.6, unsureFloor: 0.4 }))).toBe('answer');
  });
});
