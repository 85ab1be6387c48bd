import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractiveAnswer } from '../../../src/answer/extractive/extractive.js';
import { databaseLexer } from '../../../src/answer/extractive/lexer.js';
import { toUnits } from '../../../src/answer/extractive/sentences.js';
import { announces } from '../../../src/answer/extractive/unitSize.js';
import { bestWindow, extendWindow, type LexedUnit, type WindowQuery } from '../../../src/answer/extractive/window.js';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import type { Db } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { openTestDb } from '../../helpers/db.js';
import { seedPages } from '../seed.js';

/** Where the quote sits in a section longer than the answer's budget. */

let db: Db;
let retriever: FullTextRetriever;

beforeAll(async () => {
  db = await openTestDb();
  retriever = new FullTextRetriever(db);
});
afterAll(() => db.close());

async function answerFrom(url: string, heading: string, content: string, question: string) {
  const bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  await seedPages(db, bot, [
    { url, title: 'Vault guide', chunks: [{ heading, content }] },
    // A second page, so that the question's words have document frequencies to weigh them by.
    {
      url: 'https://docs.vault.test/intro',
      title: 'Introduction',
      chunks: [{ heading: 'Introduction', content: '# Introduction\n\nVault stores secrets for the services of a company on one server.' }],
    },
  ]);
  const r = await retriever.retrieve(bot, question);
  expect(r.covered).toBe(true);
  return extractiveAnswer(question, r.terms, r.pages, databaseLexer(db));
}

/** Sentences about something else, each about twenty words, to fill a section past the budget. */
const filler = (topics: string[]) =>
  topics.map(
    (t) => `The ${t} has its own chapter later in this guide, with the options it accepts and the defaults it uses on every platform.`,
  );

describe('the quote in a long section', () => {
  it('goes on to the sentences after the one that names the question, before reaching back to the paragraph opening', async () => {
    const content = [
      '## Restoring',
      [
        ...filler(['audit log', 'metrics endpoint', 'web console', 'plugin loader', 'storage backend']),
        'To restore a snapshot onto a new server, stop the service first.',
        'Then run `vault apply latest` and start the service again once it reports that it is ready to accept requests.',
        ...filler(['token helper', 'seal wrapper']),
      ].join(' '),
    ].join('\n\n');
    const { markdown } = await answerFrom(
      'https://docs.vault.test/restore',
      'Restoring',
      content,
      'How do I restore a snapshot onto a new server?',
    );
    const quote = markdown.split('\n\n')[1]!;
    expect(quote).toContain('To restore a snapshot onto a new server');
    expect(quote).toContain('vault apply latest');
  });

  it('is placed on the sentence that says most of the question, not stretched over every sentence that says one of its words', async () => {
    const content = [
      '## Keys',
      [
        'The cluster keeps its settings in one place.',
        ...filler(['audit log', 'metrics endpoint', 'web console', 'plugin loader']),
        'Rotating the signing keys takes two steps.',
        'First run `vault keys rotate --all` on the leader node.',
        ...filler(['token helper', 'seal wrapper']),
      ].join(' '),
    ].join('\n\n');
    const { markdown } = await answerFrom(
      'https://docs.vault.test/keys',
      'Keys',
      content,
      'How do I rotate the signing keys of the cluster?',
    );
    const quote = markdown.split('\n\n')[1]!;
    expect(quote).toContain('Rotating the signing keys takes two steps.');
    expect(quote).toContain('vault keys rotate --all');
  });

  it('adds a later passage of the same section that the main quote could not hold, cited to the same page', async () => {
    const url = 'https://docs.vault.test/stash';
    const content = [
      '## Pausing work',
      'You can pause your current work and save it away with the pause command, then fix the urgent problem on a clean tree.',
      '```\n$ vault pause save\n```',
      [...filler(['audit log', 'metrics endpoint', 'web console', 'plugin loader', 'storage backend', 'token helper'])].join(' '),
      '```\n$ vault status\n```',
      'After the fix, get your paused work back with `vault pause resume`.',
    ].join('\n\n');
    const { markdown, cited } = await answerFrom(
      url,
      'Pausing work',
      content,
      'How do I pause my work, fix an urgent problem, and get my work back?',
    );
    expect(markdown).toContain('vault pause save');
    expect(markdown).toContain('Also:');
    expect(markdown).toContain(`- After the fix, get your paused work back with \`vault pause resume\`. [[1]](${url})`);
    expect(cited.map((p) => p.url)).toEqual([url]);
  });

  it('reads a supporting quote whole too: the sentence after the one that names the question, within its budget, without code it does not announce', async () => {
    const bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
    await seedPages(db, bot, [
      {
        url: 'https://docs.vault.test/backups',
        title: 'Backups',
        chunks: [{ heading: 'Backups', content: '# Backups\n\nBackups are copied to the data directory every night.' }],
      },
      {
        url: 'https://docs.vault.test/storage',
        title: 'Storage',
        chunks: [
          {
            heading: 'Storage',
            content: [
              '# Storage',
              [
                ...filler(['audit log', 'metrics endpoint']),
                'Backup snapshots take little space.',
                'They are compressed before they are written to disk.',
              ].join(' '),
              '```\n$ vault storage stats\n```',
            ].join('\n\n'),
          },
        ],
      },
    ]);
    const question = 'Where are backup snapshots copied to?';
    const r = await retriever.retrieve(bot, question);
    const { markdown } = await extractiveAnswer(question, r.terms, r.pages, databaseLexer(db));
    expect(markdown.split('\n\n')[1]).toContain('Backups are copied to the data directory every night.');
    expect(markdown).toContain(
      '- Backup snapshots take little space. They are compressed before they are written to disk. [[2]](https://docs.vault.test/storage)',
    );
    expect(markdown).not.toContain('vault storage stats'); // code that follows it, announced by nothing
  });
  it("shows a supporting quote's announced code even when the main quote holds a block already", async () => {
    const bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
    const url = 'https://docs.vault.test/packages';
    await seedPages(db, bot, [
      {
        url,
        title: 'Package management',
        chunks: [
          {
            heading: 'Package management > Automatic upgrades',
            content:
              '## Automatic upgrades\n\nThe apt cron script downloads and installs upgrades automatically every night. To have apt download and install upgrades automatically, set:\n\n```\nAPT::Periodic::Unattended-Upgrade "1";\n```',
          },
          {
            heading: 'Package management > Bandwidth',
            content: '## Bandwidth\n\nTo limit the bandwidth apt downloads with, set:\n\n```\nAcquire::http::Dl-Limit "800";\n```',
          },
        ],
      },
      {
        url: 'https://docs.vault.test/intro',
        title: 'Introduction',
        chunks: [
          { heading: 'Introduction', content: '# Introduction\n\nVault stores secrets for the services of a company on one server.' },
        ],
      },
    ]);
    const question = 'apt downloads upgrades automatically every night: can I limit its bandwidth?';
    const r = await retriever.retrieve(bot, question);
    const { markdown } = await extractiveAnswer(question, r.terms, r.pages, databaseLexer(db));
    expect(markdown.split('Also:')[0]).toContain('Unattended-Upgrade');
    // The support's sentence names the setting; without the block it withholds it.
    expect(markdown.split('Also:')[1]).toContain(
      `- To limit the bandwidth apt downloads with, set: [[1]](${url})\n\n\`\`\`\nAcquire::http::Dl-Limit "800";\n\`\`\``,
    );
  });
});

describe('extendWindow', () => {
  const lexed = (markdown: string): LexedUnit[] =>
    toUnits(markdown, 'https://docs.vault.test/blame', 'Blame').map((unit) => ({
      unit,
      lexemes: new Set(unit.plain.toLowerCase().match(/[a-z0-9]+/g) ?? []),
    }));
  const query = (maxWords: number): WindowQuery => ({
    weight: new Map([['command', 1]]),
    totalWeight: 1,
    context: () => new Set(),
    maxWords,
    maxBlocks: 1,
    blocks: true,
  });

  it('shows what a sentence ending in a colon announces, even past the budget', () => {
    const units = lexed(
      'To see who last changed lines 40 to 60 of a file, give the blame command a range of lines like so:\n\n' +
        '- `vault blame --range 40,60 config.hcl` prints those lines with the commit that last changed each one.\n' +
        '- `vault blame --since 2024-01-01 config.hcl` prints only the lines changed since that date.',
    );
    const w = bestWindow(units, query(25))!;
    expect(w.start).toBe(0);
    const grown = extendWindow(units, w, query(25));
    expect(grown.end).toBe(1); // the first item, announced by the colon, but not the second: over budget
  });

  it('does not start after the first block where what follows it goes on with a sentence the block interrupted', () => {
    const units = lexed(
      [
        'To limit the bandwidth the command uses, run it with',
        '```\nquill deploy --limit 800\n```',
        'which keeps the command under 800 KiB/s. To make it the default for the command, set:',
        '```\n[deploy]\nlimit = 800\n```',
      ].join('\n\n'),
    );
    expect(units[2]!.unit.resumes).toBe(true);
    const grown = extendWindow(units, { start: 0, end: 2, score: 1, said: new Set(['command']), words: 30 }, query(60));
    expect(grown.start).toBe(0);
    expect(units[grown.end]!.unit.plain).toContain('limit = 800');
  });

  it('shows the table a caption names, and the code a sentence without a stop goes on with', () => {
    const table = lexed(
      [
        'Every command of the tool writes its log to the journal.',
        'List of journal commands',
        '| command | what it shows |\n| --- | --- |\n| `vault log -b` | the log since the last boot |',
      ].join('\n\n'),
    );
    const withTable = extendWindow(table, { start: 0, end: 1, score: 1, said: new Set(['command']), words: 14 }, query(14));
    expect(table[withTable.end]!.unit.kind).toBe('table');
    const code = lexed(
      ['You can set the default timeout for every command globally using', '```\nvault config timeout 30\n```'].join('\n\n'),
    );
    const withCode = extendWindow(code, { start: 0, end: 0, score: 1, said: new Set(['command']), words: 10 }, query(10));
    expect(code[withCode.end]!.unit.kind).toBe('code');
    // A sentence with its stop says what it says: the block after it is not announced by it.
    const stopped = lexed(
      ['Every command of the tool writes its log.', '```\nvault log\n```', 'List of journal commands', 'The end of the journal.'].join(
        '\n\n',
      ),
    );
    expect(announces(stopped[0]!.unit, stopped[1]!.unit)).toBe(false);
    expect(announces(stopped[2]!.unit, stopped[3]!.unit)).toBe(false); // a caption of no table
  });

  it('does not end on a colon when what it announces is not in the section (the chunk ends there)', () => {
    const units = lexed(
      'The command keeps a log of every deploy in the project folder. Aliases let one command go by two names. This example aliases `d` as a shorthand for `deploy`:',
    );
    const whole = extendWindow(units, { start: 0, end: 0, score: 1, said: new Set(['command']), words: 11 }, query(60));
    expect(units[whole.end]!.unit.plain).toMatch(/^Aliases let one command/);
    // A window over the budget, grown from its middle, stops before the announcement too.
    const cut = extendWindow(units, { start: 1, end: 2, score: 1, said: new Set(['command']), words: 15 }, query(16));
    expect(units[cut.end]!.unit.plain).toMatch(/^Aliases let one command/);
  });

  it("starts no quote on a list item that goes on with the list's opening in lower case", () => {
    const units = lexed(
      [
        'Mouse operations mix two styles:',
        '- Traditional style operations:',
        '- used by xterm for every command',
        '- Modern style operations:',
        '- `gnome-terminal` and the applications of the desktop run each command with the modern style of selection.',
      ].join('\n\n'),
    );
    const w = bestWindow(units, query(20))!;
    expect(units[w.start]!.unit.plain).not.toMatch(/^used by/);
    // An item that opens with code is a statement of its own: a quote may start there.
    expect(units[w.start]!.unit.text).toMatch(/^`gnome-terminal`/);
  });

  it('reads back to its paragraph start, but not to a sentence a code block interrupted', () => {
    const units = lexed(
      [
        'Installing a new distribution for your own user is as simple as',
        '```\nquill install --home=<dir>\n```',
        'where you supply any directory you like. On Unix, type a tilde and the command expands it to your home directory.',
      ].join('\n\n'),
    );
    expect(units[2]!.unit.resumes).toBe(true);
    // The window found the second sentence of the paragraph that goes on after the block.
    const grown = extendWindow(
      units,
      { start: 3, end: 3, score: 1, said: new Set(['command']), words: 15 },
      { ...query(60), blocks: false },
    );
    expect(units[grown.start]!.unit.plain).toMatch(/^On Unix/);
  });

  it('when the quote holds its one code block already, starts after it to show the block its last sentence announces', () => {
    const md = [
      'On an unstable system you may still want the command to download packages ahead of time:',
      '```\nAPT::Periodic::Download-Upgradeable-Packages "1";\n```',
      'To limit the bandwidth the command uses for downloads, set:',
      '```\nAcquire::http::Dl-Limit "800";\n```',
    ].join('\n\n');
    const units = lexed(md);
    const grown = extendWindow(units, { start: 0, end: 2, score: 1, said: new Set(['command']), words: 24 }, query(60));
    expect(units[grown.start]!.unit.plain).toMatch(/^To limit the bandwidth/);
    expect(units[grown.end]!.unit.kind).toBe('code');
    expect(units[grown.end]!.unit.plain).toContain('Dl-Limit');
    // When what comes before the first block says more of the question, the quote keeps it.
    const before = lexed(
      md.replace('you may still want the command to download', 'you may still want the command and its download command'),
    );
    const weighted: WindowQuery = {
      ...query(60),
      weight: new Map([
        ['command', 1],
        ['download', 1],
      ]),
      totalWeight: 2,
    };
    const kept = extendWindow(before, { start: 0, end: 2, score: 1, said: new Set(['command']), words: 24 }, weighted);
    expect(kept.start).toBe(0);
    // …and still shows the block its last sentence announces, past the allowance of one.
    expect(kept.end).toBe(3);
    expect(before[kept.end]!.unit.plain).toContain('Dl-Limit');
  });

  it('stops at the budget after a sentence that announces nothing', () => {
    const units = lexed(
      'To see who last changed lines 40 to 60 of a file, give the blame command a range of lines with its option.\n\n' +
        '- `vault blame --range 40,60 config.hcl` prints those lines with the commit that last changed each one.',
    );
    expect(extendWindow(units, bestWindow(units, query(25))!, query(25)).end).toBe(0);
  });

  it('with budget left at the end of its section, reaches back to earlier paragraphs that say the question, not to others', () => {
    const units = lexed(
      [
        'The audit log has its own chapter later in this guide, with its options.',
        'The command is often suggested for slow pushes, but it rarely helps: most servers support streaming.',
        'It can help with an old proxy, at the cost of memory.',
        'Leave the command at its default unless you know you need it.',
      ].join('\n\n'),
    );
    // A budget under the section's 53 words, so that it is not quoted whole.
    const w = bestWindow(units, query(45))!;
    expect(units[w.start]!.unit.plain).toMatch(/^Leave the command/);
    const grown = extendWindow(units, w, query(45));
    // "It can help …", the paragraph before it, says no question word: the quote stays on its own.
    // When that paragraph names the command, the quote reaches back over it and the one before.
    expect(units[grown.start]!.unit.plain).toMatch(/^Leave the command/);
    const said = lexed(
      [
        'The audit log has its own chapter later in this guide, with its options.',
        'The command is often suggested for slow pushes, but it rarely helps: most servers support streaming.',
        'The command can help with an old proxy, at the cost of memory.',
        'Leave the command at its default unless you know you need it.',
      ].join('\n\n'),
    );
    const back = extendWindow(said, bestWindow(said, query(45))!, query(45));
    expect(said[back.start]!.unit.plain).toMatch(/^The command is often suggested/);
    expect(said[back.end]!.unit.plain).toMatch(/^Leave the command/);
  });
});
