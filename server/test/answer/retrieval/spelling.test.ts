import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Answerer } from '../../../src/answer/answerer.js';
import { databaseLexer } from '../../../src/answer/extractive/lexer.js';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import { dialectVariants } from '../../../src/answer/retrieval/dialects.js';
import { compoundOf, correctSlips, oneEditAway, typedWords } from '../../../src/answer/retrieval/spelling.js';
import type { Db } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { englishWords } from '../../../src/text/englishWords.js';
import { openTestDb } from '../../helpers/db.js';
import { QUILL_SITE, seedPages } from '../seed.js';

describe('the strings one edit from a word', () => {
  it('has every deletion, swap of neighbours, substitution and insertion, and not the word itself', () => {
    const all = oneEditAway('form');
    expect(all).toEqual(expect.arrayContaining(['orm', 'frm', 'fom', 'for', 'ofrm', 'from', 'fomr', 'farm', 'forms', 'fxorm']));
    expect(all).not.toContain('form');
    // n deletions + (n-1) swaps + 26n substitutions + 26(n+1) insertions, less repeats.
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeLessThanOrEqual(4 + 3 + 26 * 4 + 26 * 5);
  });
});

describe('British and American spellings', () => {
  it('gives the other side’s spelling of the regular correspondences, both ways', () => {
    const pairs = [
      ['colour', 'color'],
      ['behaviours', 'behaviors'],
      ['organised', 'organized'],
      ['initialisation', 'initialization'],
      ['analysing', 'analyzing'],
      ['catalogue', 'catalog'],
      ['centre', 'center'],
      ['licence', 'license'],
      ['travelled', 'traveled'],
      ['modelling', 'modeling'],
      ['grey', 'gray'],
    ];
    for (const [uk, us] of pairs) {
      expect(dialectVariants(uk!)).toContain(us);
      expect(dialectVariants(us!)).toContain(uk);
    }
    expect(dialectVariants('programme')).toContain('program');
    expect(dialectVariants('filled')).toEqual([]);
  });
});

describe('the words a visitor typed', () => {
  it('takes plain words of four letters or more, lowercased, once each', () => {
    expect(typedWords('How do I instal Quill on Windos? instal it')).toEqual(['instal', 'quill', 'windos']);
  });

  it('reads no word too long to be one (a hostile question cannot make thousands of lookups)', () => {
    expect(typedWords(`${'a'.repeat(1000)} configuraton`)).toEqual(['configuraton']);
  });

  it('leaves code names, mixed-case names and words with digits as they are written', () => {
    expect(typedWords('json.dumps git-stash logs/keep.txt MongoDB ENOENT python3 `quill` build_ext')).toEqual([]);
  });

  it('tells a compound of two English words from a slip', async () => {
    const english = await englishWords();
    expect(compoundOf('backend', english)).toBe(true);
    expect(compoundOf('webhook', english)).toBe(true);
    expect(compoundOf('instal', english)).toBe(false);
    expect(compoundOf('confgure', english)).toBe(false);
  });
});

describe('typing slips read as the site’s words', () => {
  let db: Db;
  let bot: string;
  beforeAll(async () => {
    db = await openTestDb();
    bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
    await seedPages(db, bot, QUILL_SITE);
  });
  afterAll(() => db.close());

  it('corrects a misspelt word to the word the site uses, a name included', async () => {
    const named = await correctSlips(db, bot, 'Does Qill have serch?', new Set(['qill', 'serch']));
    expect(named.get('qill')).toMatchObject({ to: 'quill', word: 'quill' });
    expect(named.get('serch')).toMatchObject({ to: 'search', word: 'search' });
  });

  it('drops a slip of a stopword (or of what could be one), and leaves alone English words and compounds the site never uses', async () => {
    const fixes = await correctSlips(db, bot, 'whcih plugin is tired, and where is the backend?', new Set(['whcih', 'tire', 'backend']));
    expect(fixes.get('whcih')?.word).toBe('which');
    expect(fixes.get('whcih')?.to).toBeUndefined();
    expect(fixes.has('tire')).toBe(false);
    expect(fixes.has('backend')).toBe(false);
  });

  it('reads a word spelt the other side’s way as the site’s spelling, and never as a stopword', async () => {
    // The site writes "colour".
    const fixes = await correctSlips(db, bot, 'Which color themes are there, and are four of them dark?', new Set(['color', 'four']));
    expect(fixes.get('color')).toMatchObject({ to: 'colour', word: 'colour' });
    expect(fixes.has('four')).toBe(false);
    const retriever = new FullTextRetriever(db);
    const american = await retriever.retrieve(bot, 'How do I change the color theme?');
    const british = await retriever.retrieve(bot, 'How do I change the colour theme?');
    expect(american.outcome).toBe('answer');
    expect(american.terms.map((t) => t.lexeme)).toEqual(british.terms.map((t) => t.lexeme));
    expect(american.pages.map((p) => p.url)).toEqual(british.pages.map((p) => p.url));
  });

  it('finds the page and answers, not "not sure", when a question has a slip', async () => {
    const retriever = new FullTextRetriever(db);
    const clean = await retriever.retrieve(bot, 'How do I configure the colour theme?');
    const slipped = await retriever.retrieve(bot, 'How do I confgure the colour tehme?');
    expect(clean.outcome).toBe('answer');
    expect(slipped.outcome).toBe('answer');
    expect(slipped.pages[0]!.url).toBe(clean.pages[0]!.url);
    expect(slipped.terms.map((t) => t.lexeme)).toEqual(clean.terms.map((t) => t.lexeme));

    const answerer = new Answerer({ retriever, lexer: databaseLexer(db) });
    const gen = answerer.answer({
      bot: { id: bot, name: 'Quill', system_prompt: '', response_format: '', rag_enabled: true },
      question: 'Does Quill have dark mdoe?',
      history: [],
    });
    let next = await gen.next();
    while (!next.done) next = await gen.next();
    expect(next.value.outcome).toBe('answer');
    expect(next.value.content).toMatch(/theme = "dark"/);
  });

  it('still refuses a question about something else whose words are not slips', async () => {
    const retriever = new FullTextRetriever(db);
    const r = await retriever.retrieve(bot, 'What is a good hydration ratio for sourdough?');
    expect(r.outcome).toBe('none');
  });
});
