import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeMarkdown, repairFences, tableMarkdown } from '../../../src/answer/extractive/blocks.js';
import { extractiveAnswer } from '../../../src/answer/extractive/extractive.js';
import { databaseLexer } from '../../../src/answer/extractive/lexer.js';
import { toUnits } from '../../../src/answer/extractive/sentences.js';
import { MarkdownChunker } from '../../../src/index/chunker.js';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import type { Db } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { openTestDb } from '../../helpers/db.js';
import { seedPages, type SeedPage } from '../seed.js';
import * as de from '../../../../shared/src/messages/de.js';
import * as es from '../../../../shared/src/messages/es.js';

let db: Db;
let retriever: FullTextRetriever;

beforeAll(async () => {
  db = await openTestDb();
  retriever = new FullTextRetriever(db);
});
afterAll(() => db.close());

async function answerFrom(pages: SeedPage[], question: string, keepChunk?: (content: string) => boolean) {
  const bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  await seedPages(db, bot, pages);
  const r = await retriever.retrieve(bot, question);
  expect(r.covered).toBe(true);
  const hits = keepChunk
    ? r.pages.map((p) => ({ ...p, chunks: p.chunks.filter((c) => keepChunk(c.content)) })).filter((p) => p.chunks.length)
    : r.pages;
  return extractiveAnswer(question, r.terms, hits, databaseLexer(db));
}

const words = (markdown: string) =>
  markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\[\[\d+\]\]\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;

describe('the quoted passage', () => {
  it('never starts mid-sentence: a chunk that starts in the middle of one is read joined to the chunk before it', async () => {
    const url = 'https://docs.net.test/client';
    const { markdown } = await answerFrom(
      [
        {
          url,
          title: 'Client guide',
          chunks: [
            {
              heading: 'Networking > Retries',
              content:
                '## Retries\n\nThe client keeps a pool of open connections for every host it talks to. ' +
                'When a request fails with a timeout, the client waits for the backoff interval',
            },
            {
              heading: 'Networking > Retries',
              content: 'the client waits for the backoff interval and sends the request again, up to five attempts in all.',
            },
          ],
        },
      ],
      'How many attempts does the client make to send the request again?',
      // Retrieval found only the continuation, which starts mid-sentence.
      (content) => content.startsWith('the client waits'),
    );
    expect(markdown).toBe(
      '**Client guide › Networking › Retries**\n\n' +
        'The client keeps a pool of open connections for every host it talks to. When a request fails with a timeout, the client waits for the backoff interval and sends the request again, up to five attempts in all. ' +
        `[[1]](${url})`,
    );
  });

  it('shows a table whole, as a Markdown table with a header row, after the sentence that introduces it', async () => {
    const url = 'https://docs.lumen.test/cli';
    const { markdown } = await answerFrom(
      [
        {
          url,
          title: 'CLI reference',
          chunks: [
            {
              heading: 'CLI reference > Exit codes',
              content:
                '## Exit codes\n\nThe `lumen build` command exits with one of these status codes:\n\n' +
                '| 0 | success |\n| 1 | build or check errors |\n| 3 | port already in use |',
            },
          ],
        },
      ],
      'Which exit status code does lumen build return when the port is already in use?',
    );
    expect(markdown).toBe(
      '**CLI reference › Exit codes**\n\n' +
        `The \`lumen build\` command exits with one of these status codes: [[1]](${url})\n\n` +
        '| 0 | success |\n| --- | --- |\n| 1 | build or check errors |\n| 3 | port already in use |',
    );
  });

  it('shows one code block at most', async () => {
    const { markdown } = await answerFrom(
      [
        {
          url: 'https://docs.quill.test/build',
          title: 'Building',
          chunks: [
            {
              heading: 'Building',
              content:
                '# Building\n\nTo build the site, run:\n\n```\nquill build\n```\n\nTo build and serve the site, run:\n\n```\nquill serve\n```',
            },
          ],
        },
      ],
      'How do I build and serve the site?',
    );
    expect(markdown.match(/^```/gm)).toHaveLength(2);
    expect(markdown).toContain('```\nquill serve\n```');
  });

  it('quotes contiguous sentences of one section, from a sentence start, within about 120 words', async () => {
    const sentences = Array.from(
      { length: 30 },
      (_, i) => `The render cache keeps page ${i + 1} of the site until its source file changes.`,
    );
    const url = 'https://docs.quill.test/cache';
    const { markdown } = await answerFrom(
      [{ url, title: 'Cache', chunks: [{ heading: 'Cache', content: `# Cache\n\n${sentences.join(' ')}` }] }],
      'What does the render cache keep?',
    );
    const [heading, quote, ...rest] = markdown.split('\n\n');
    expect(heading).toBe('**Cache**');
    expect(rest).toEqual([]);
    expect(quote).toBe(`${sentences.slice(0, 8).join(' ')} [[1]](${url})`);
    expect(words(markdown)).toBeLessThanOrEqual(120);
  });
});

describe('FAQ pages', () => {
  it("quotes an FAQ entry's answer under its question, not on into the next entry", async () => {
    const url = 'https://docs.vcs.test/faq';
    const page = [
      '## Configuration',
      '**What should I put in user.name?**',
      'You should put your personal name there, the one people know you by.',
      '**What does http.postBuffer really do?**',
      'It sets the size of the buffer used when pushing data over HTTP. A larger buffer rarely fixes a failing push.',
      '**How do I configure a different editor?**',
      'Set core.editor to the editor you want to use when pushing a commit message into shape.',
    ].join('\n\n');
    const chunks = new MarkdownChunker({ targetChars: 200, overlapChars: 20, minChars: 100 }).chunk('VCS FAQ', page);
    // The chunker starts a section at a question: the entry is its own chunk, under its question.
    expect(chunks.map((c) => c.headingPath)).toContain('Configuration > What does http.postBuffer really do?');
    const { markdown } = await answerFrom(
      [{ url, title: 'VCS FAQ', chunks: chunks.map((c) => ({ heading: c.headingPath, content: c.content })) }],
      'Will a bigger http.postBuffer fix my failing push?',
    );
    expect(markdown).toBe(
      '**VCS FAQ › Configuration › What does http.postBuffer really do?**\n\n' +
        `It sets the size of the buffer used when pushing data over HTTP. A larger buffer rarely fixes a failing push. [[1]](${url})`,
    );
  });

  it('reads FAQ questions in one chunk as the headings of their answers; a table of contents is not one, and stays bold', () => {
    const md = [
      '## Configuration',
      '**What should I put in user.name?**',
      'Your personal name, the one people know you by.',
      '**What does http.postBuffer really do?**',
      'It sets the size of the buffer used when pushing over HTTP.',
      '## Contents',
      '**2.4. Why the Debian Distribution?**',
      '**2.5. Why Debian Bullseye?**',
      'In the context of this book, you are the system administrator.',
    ].join('\n\n');
    expect(toUnits(md, 'https://x.test/', 'FAQ').map((u) => [u.heading, u.plain])).toEqual([
      ['FAQ > Configuration > What should I put in user.name?', 'Your personal name, the one people know you by.'],
      ['FAQ > Configuration > What does http.postBuffer really do?', 'It sets the size of the buffer used when pushing over HTTP.'],
      ['FAQ > Contents', '2.4. Why the Debian Distribution?'],
      ['FAQ > Contents', '2.5. Why Debian Bullseye?'],
      ['FAQ > Contents', 'In the context of this book, you are the system administrator.'],
    ]);
    // A bold line is one sentence: cut at "2.4." it showed a stray "**" on each side.
    expect(toUnits(md, 'https://x.test/', 'FAQ').find((u) => u.plain.startsWith('2.5'))!.text).toBe('**2.5. Why Debian Bullseye?**');
  });
});

describe('code blocks and tables', () => {
  it('introduces a further quote that opens with code by its section, never a bullet that opens with a block', async () => {
    const { markdown } = await answerFrom(
      [
        {
          url: 'https://docs.lumen.test/',
          title: 'Lumen',
          chunks: [
            {
              heading: 'Why Lumen?',
              content: 'The output is plain HTML in `_site/`, and any static host can serve the output.',
            },
          ],
        },
        {
          url: 'https://docs.lumen.test/deploy',
          title: 'Deploying your site',
          chunks: [
            { heading: 'Deploying your site', content: 'Deploy the output to any static host, or to your own nginx server.' },
            {
              heading: 'Deploying your site > Your own nginx config',
              content: '## Your own nginx config\n\n```\nserver {\n  listen 80;\n  root /var/www/docs/_site;\n}\n```',
            },
          ],
        },
      ],
      'What should my nginx config look like to host the output myself?',
    );
    expect(markdown).toContain('root /var/www/docs/_site;');
    expect(markdown).not.toMatch(/^- (```|\|)/m);
    expect(markdown).toMatch(/^- \*\*Deploying your site › Your own nginx config\*\*\n\n```/m);
  });

  it('keeps prose before a code block the chunk ends inside as prose', () => {
    const units = toUnits(
      'Use the official action in `.github/workflows/pages.yml`:\n\n```\n- uses: actions/checkout@v4\n- run: npm ci',
      'https://s.test/',
    );
    expect(units.map((u) => [u.kind, u.text])).toEqual([
      ['sentence', 'Use the official action in `.github/workflows/pages.yml`:'],
      ['code', '- uses: actions/checkout@v4\n- run: npm ci'],
    ]);
  });

  it('reopens a code block a chunk of an older index starts inside (an odd number of fences)', () => {
    const chunk =
      '3 is a prime number\n4 equals 2 * 2\n```\n\nWhen used with a loop, the `else` clause runs when no `break` occurs.\n\n' +
      'The `continue` statement continues with the next iteration of the loop.';
    expect(repairFences(chunk)).toBe(`\`\`\`\n${chunk}`);
    expect(repairFences('## Install\n\nRun:\n\n```\nnpm install quill\n```')).toBe('## Install\n\nRun:\n\n```\nnpm install quill\n```');
  });

  it('reads balanced text as written, a table beside one-line code included', () => {
    // A section of the Python docs' urllib.parse page: its bold signatures read as code and its
    // table as code too, so the guess took the one-line code block for prose.
    const section =
      "separator. This has been changed to allow only a single separator key, with `&` as the default separator.\n\n**urllib.parse.urlunparse(parts)**\n\nConstruct a URL from a tuple as returned by `urlparse()`. The parts argument can be any six-item iterable. This may result in a slightly different, but equivalent URL, if the URL that was parsed originally had unnecessary delimiters (for example, a `?` with an empty query; the RFC states that these are equivalent).\n\n**urllib.parse.urlsplit(urlstring, scheme='', allow_fragments=True)**\n\nThis is similar to `urlparse()`, but does not split the params from the URL. This should generally be used instead of `urlparse()` if the more recent URL syntax allowing parameters to be applied to each segment of the path portion of the URL (see RFC 2396) is wanted. A separate function is needed to separate the path segments and parameters. This function returns a 5-item named tuple:\n\n```\n(addressing scheme, network location, path, query, fragment identifier).\n```\n\nThe return value is a named tuple, its items can be accessed by index or as named attributes:\n\n| Attribute | Index | Value | Value if not present |\n| --- | --- | --- | --- |\n| `scheme` | 0 | URL scheme specifier | scheme parameter |\n| `netloc` | 1 | Network location part | empty string |\n| `path` | 2 | Hierarchical path | empty string |\n| `query` | 3 | Query component | empty string |\n| `fragment` | 4 | Fragment identifier | empty string |\n| `username` | | User name | `None` |\n| `password` | | Password | `None` |\n| `hostname` | | Host name (lower case) | `None` |\n| `port` | | Port number as integer, if present | `None` |";
    expect(repairFences(section)).toBe(section);
  });

  it('leaves a text that opens with a fence as written: the chunker opened the code it starts inside', () => {
    // Log lines read much like prose, so the guess took them for prose and the prose for code.
    const chunk =
      '```\nMar 31 17:30:36 host systemd[1]: Unit ssh.service entered failed state.\n' +
      'Mar 31 17:30:36 host systemd[1]: ssh.service start request repeated too quickly, refusing to start.\n' +
      'Mar 31 17:30:36 host systemd[1]: Failed to start OpenBSD Secure Shell server.\n```\n\n' +
      'After checking the status of the service (failed), we went on to check the logs; they indicate an error in the ' +
      'configuration file. After editing the configuration file and fixing the error, we restart the service, then ' +
      'verify that it is indeed running.\n\nGOING FURTHER Other types of unit files\n\n' +
      "We have only described the most basic of systemd's capabilities in this section.";
    expect(repairFences(chunk)).toBe(chunk);
  });

  it('cuts a long table at a row and long code at a line, saying how much more the page has', () => {
    const rows = Array.from({ length: 15 }, (_, i) => `| ${i} | row ${i} |`);
    expect(tableMarkdown(['| Code | Meaning |', '| --- | --- |', ...rows].join('\n'))).toBe(
      ['| Code | Meaning |', '| --- | --- |', ...rows.slice(0, 12), '', '*(3 more rows of this table on the page.)*'].join('\n'),
    );
    const lines = Array.from({ length: 20 }, (_, i) => `print(${i})`);
    expect(codeMarkdown(lines.join('\n'))).toBe(
      ['```', ...lines.slice(0, 14), '```', '', '*(6 more lines of this code on the page.)*'].join('\n'),
    );
  });

  it("says how much more the page has in the reply's language, one line or row apart", () => {
    const rows = Array.from({ length: 13 }, (_, i) => `| ${i} | fila ${i} |`);
    expect(tableMarkdown(['| Código | Sentido |', ...rows].join('\n'), es.reply)).toMatch(
      /\n\n\*\(1 fila más de esta tabla en la página\.\)\*$/,
    );
    const lines = Array.from({ length: 20 }, (_, i) => `echo ${i}`);
    expect(codeMarkdown(lines.join('\n'), de.reply)).toMatch(/\n\n\*\(6 weitere Zeilen dieses Codes auf der Seite\.\)\*$/);
    expect(codeMarkdown(lines.slice(0, 15).join('\n'))).toMatch(/\*\(1 more line of this code on the page\.\)\*$/);
  });
});
