import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/src/api/types.js';
import { UNSURE_INTRO } from '../../src/answer/answerer.js';
import { NOT_COVERED_ANSWER } from '../../src/answer/extractive/extractive.js';
import { FullTextRetriever } from '../../src/answer/retrieval/retriever.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { startFakeLlm, type FakeLlm } from './fakeLlm.js';
import { QUILL_SITE, seedPages } from './seed.js';

/**
 * What a visitor reads when the site does not answer: a plain decline with no sources, naming what
 * the site never mentions when the question asks about a product or tool by name; never the "closest
 * I found" intro over nothing.
 */
describe('declining honestly', () => {
  let plain: TestApp;
  let withLlm: TestApp;
  let llm: FakeLlm;
  let bot: string;
  let llmBot: string;

  // A page whose title names the subject but whose text says nothing about it: a question on it
  // finds the title (some evidence), and no sentence to quote.
  const STUB_PAGE = {
    url: 'https://docs.quill.test/zebra',
    title: 'Zebra stripes',
    chunks: [{ heading: 'Zebra stripes', content: 'This page is being written. Come back soon.' }],
  };

  // A page about a plan that says what it offers and not what it costs; the priced bot's says both.
  const TEAM_PAGE = {
    url: 'https://docs.quill.test/team',
    title: 'The Team plan',
    chunks: [
      {
        heading: 'The Team plan',
        content: 'The Team plan adds shared drafts, review comments and single sign-on for editors who publish a Quill site together.',
      },
    ],
  };
  const PRICED_TEAM_PAGE = {
    ...TEAM_PAGE,
    chunks: [{ ...TEAM_PAGE.chunks[0]!, content: `${TEAM_PAGE.chunks[0]!.content} The Team plan costs $12 per editor per month.` }],
  };
  let pricedBot: string;

  // A page that writes "Google" and "sheet", never "Google Sheets"; the other bot's page writes it.
  const THEMES_PAGE = {
    url: 'https://docs.quill.test/themes',
    title: 'Themes',
    chunks: [
      {
        heading: 'Themes',
        content:
          'A theme is a folder with a style sheet and page templates. A theme can load its fonts from Google, such as Inter, with one line in quill.toml.',
      },
    ],
  };
  const SHEETS_PAGE = {
    url: 'https://docs.quill.test/data',
    title: 'Data files',
    chunks: [
      {
        heading: 'Data files',
        content: 'A page can list the rows of a table kept in Google Sheets: publish the sheet as CSV and name its address in quill.toml.',
      },
    ],
  };
  let sheetsBot: string;

  beforeAll(async () => {
    llm = await startFakeLlm();
    plain = await buildTestApp();
    withLlm = await buildTestApp({ env: { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', LLM_TIMEOUT_MS: '3000' } });
    bot = (await insertChatbot(plain.db, { ownerUid: 'decline-owner', name: 'Quill Docs' })).id;
    await seedPages(plain.db, bot, [...QUILL_SITE, STUB_PAGE, TEAM_PAGE, THEMES_PAGE]);
    pricedBot = (await insertChatbot(plain.db, { ownerUid: 'decline-owner', name: 'Quill Docs' })).id;
    await seedPages(plain.db, pricedBot, [...QUILL_SITE, PRICED_TEAM_PAGE]);
    sheetsBot = (await insertChatbot(plain.db, { ownerUid: 'decline-owner', name: 'Quill Docs' })).id;
    await seedPages(plain.db, sheetsBot, [...QUILL_SITE, THEMES_PAGE, SHEETS_PAGE]);
    llmBot = (await insertChatbot(withLlm.db, { ownerUid: 'decline-owner', name: 'Quill Docs' })).id;
    await seedPages(withLlm.db, llmBot, QUILL_SITE);
  });
  afterAll(async () => {
    await plain?.close();
    await withLlm?.close();
    await llm?.close();
  });

  const ask = async (t: TestApp, botId: string, content: string): Promise<{ message: Message; outcome: string | null }> => {
    const visitor = newVisitorId();
    const conv = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chatbots/${botId}/conversations`,
      payload: { title: 'New Chat', visitor_id: visitor },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chatbots/${botId}/conversations/${conv.json().data.id}/messages`,
      payload: { content, visitor_id: visitor },
    });
    expect(res.statusCode).toBe(200);
    const message = res.json().data.assistant_message as Message;
    const [row] = await t.db.query<{ outcome: string | null }>('SELECT outcome FROM messages WHERE id = $1', [message.id]);
    return { message, outcome: row!.outcome };
  };

  it('names the product a question asks about when the site never mentions it, with no sources', async () => {
    const { message, outcome } = await ask(plain, bot, 'How do I deploy my Quill site with Terraform?');
    expect(message.content).toMatch(/^This site doesn't mention Terraform, so I can't answer this from its pages\./);
    expect(message.content).not.toContain(UNSURE_INTRO);
    expect(message.sources).toEqual([]);
    expect(outcome).toBe('none');

    const two = await ask(plain, bot, 'Can I host the output folder on Heroku or Netlify?');
    expect(two.message.content).toMatch(/^This site doesn't mention Heroku or Netlify/);
    expect(two.message.sources).toEqual([]);
  });

  it('still answers a question whose names the site does use', async () => {
    const { message, outcome } = await ask(plain, bot, 'How do I install the Quill command line tool?');
    expect(message.content).toContain('npm install -g quill-cli');
    expect(message.sources.length).toBeGreaterThan(0);
    expect(outcome).toBe('answer');
  });

  it('declines without asking the language model', async () => {
    const before = llm.requests.length;
    const { message, outcome } = await ask(withLlm, llmBot, 'How do I deploy my Quill site with Terraform?');
    expect(message.content).toMatch(/^This site doesn't mention Terraform/);
    expect(message.sources).toEqual([]);
    expect(outcome).toBe('none');
    expect(llm.requests.length).toBe(before);
  });

  it('never glues the "closest I found" intro onto a refusal when no passage can be quoted', async () => {
    const question = 'Why do zebra stripes confuse flies in summer?';
    // Retrieval alone finds the page's title: weak evidence, "not sure" (the case that glued both intros).
    const retrieval = await new FullTextRetriever(plain.db).retrieve(bot, question);
    expect(retrieval.outcome).toBe('unsure');
    expect(retrieval.pages[0]?.url).toBe(STUB_PAGE.url);

    const { message, outcome } = await ask(plain, bot, question);
    expect(message.content).toBe(NOT_COVERED_ANSWER);
    expect(message.sources).toEqual([]);
    expect(outcome).toBe('none');
  });

  it('declines a question about a price when the passages found state none, and quotes the price when one does', async () => {
    const question = 'How much does the Team plan cost?';
    // The plan's page is found: without a price on it, quoting it would answer another question.
    const retrieval = await new FullTextRetriever(plain.db).retrieve(bot, question);
    expect(retrieval.outcome).not.toBe('none');
    expect(retrieval.pages[0]?.url).toBe(TEAM_PAGE.url);

    const unpriced = await ask(plain, bot, question);
    expect(unpriced.message.content).toBe(NOT_COVERED_ANSWER);
    expect(unpriced.message.sources).toEqual([]);
    expect(unpriced.outcome).toBe('none');

    const priced = await ask(plain, pricedBot, question);
    expect(priced.message.content).toContain('$12 per editor per month');
    expect(priced.message.sources.map((s) => s.url)).toContain(TEAM_PAGE.url);

    // Asking what the plan offers is no price question.
    const offers = await ask(plain, bot, 'What does the Team plan add for editors?');
    expect(offers.message.content).toContain('shared drafts');
    expect(offers.message.sources.map((s) => s.url)).toContain(TEAM_PAGE.url);
  });

  it('declines a question about a name of two words that the passages found never write together', async () => {
    const question = 'How do I show a pivot table from Google Sheets on a page?';
    // Its names are on the site, apart ("Google" for fonts, "sheet" for styles); "pivot" is not: retrieval is unsure.
    const retrieval = await new FullTextRetriever(plain.db).retrieve(bot, question);
    expect(retrieval.outcome).toBe('unsure');

    const apart = await ask(plain, bot, question);
    expect(apart.message.content).toBe(NOT_COVERED_ANSWER);
    expect(apart.message.sources).toEqual([]);
    expect(apart.outcome).toBe('none');

    // Where a page writes the name, it is quoted.
    const together = await ask(plain, sheetsBot, question);
    expect(together.message.content).toContain('Google Sheets');
    expect(together.message.sources.map((s) => s.url)).toContain(SHEETS_PAGE.url);

    // One word of it, asked on its own, is still answered from the page that writes it.
    const fonts = await ask(plain, bot, 'Can a theme load its fonts from Google?');
    expect(fonts.message.content).toContain('Inter');
    expect(fonts.message.sources.map((s) => s.url)).toContain(THEMES_PAGE.url);
  });
});
