import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractiveAnswer } from '../../../src/answer/extractive/extractive.js';
import { databaseLexer } from '../../../src/answer/extractive/lexer.js';
import { listsTopics } from '../../../src/answer/extractive/topicLists.js';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import type { Db } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { openTestDb } from '../../helpers/db.js';
import { seedPages } from '../seed.js';

let db: Db;
let bot: string;

// A deploy page as documentation sites write them: an opening that lists every host, then a section
// per host whose text no longer repeats the host's name; and an install page with a code-only section.
const DEPLOY_PAGE = {
  url: 'https://docs.quill.test/deploy',
  title: 'Deploying a Quill site',
  chunks: [
    {
      heading: 'Deploying a Quill site',
      content:
        '# Deploying a Quill site\n\nDeploy a Quill site to Netlify, GitHub Pages, Cloudflare Pages, an S3 bucket or your own server.\n\nThe build writes a static site to `public/`.',
    },
    {
      heading: 'Deploying a Quill site > Netlify',
      content:
        '## Netlify\n\nSet the build command to `npx quill build` and the publish directory to `public`. Redirects come from a `_redirects` file.',
    },
    {
      heading: 'Deploying a Quill site > GitHub Pages',
      content: '## GitHub Pages\n\nUse the pages workflow in `.github/workflows/pages.yml`; it uploads `public/` as the artifact.',
    },
  ],
};
const INSTALL_PAGE = {
  url: 'https://docs.quill.test/install',
  title: 'Installing Quill',
  chunks: [
    {
      heading: 'Installing Quill',
      content: '# Installing Quill\n\nInstall Quill with npm, Homebrew or a standalone binary.\n\nQuill runs on every desktop system.',
    },
    { heading: 'Installing Quill > Install with Homebrew', content: '## Install with Homebrew\n\n```\nbrew install quill-tap/quill\n```' },
    { heading: 'Installing Quill > Install with npm', content: '## Install with npm\n\nRun `npm install -g quill-cli` in a terminal.' },
  ],
};

beforeAll(async () => {
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  await seedPages(db, bot, [DEPLOY_PAGE, INSTALL_PAGE]);
});
afterAll(() => db.close());

async function answer(question: string) {
  const r = await new FullTextRetriever(db).retrieve(bot, question);
  return extractiveAnswer(question, r.terms, r.pages, databaseLexer(db));
}

describe('the section a heading names is the one quoted', () => {
  it('quotes the section headed by the host asked about, not the opening that lists every host', async () => {
    const { markdown } = await answer('How do I deploy to Netlify?');
    const [lead] = markdown.split('\n\nAlso:');
    expect(lead).toContain('Deploying a Quill site › Netlify');
    expect(lead).toContain('Set the build command to `npx quill build` and the publish directory to `public`.');
  });

  it('quotes a section that is only code when its heading names the question, and cites it', async () => {
    const { markdown, cited } = await answer('Install it with Homebrew?');
    const [lead] = markdown.split('\n\nAlso:');
    expect(lead).toContain('Installing Quill › Install with Homebrew');
    expect(lead).toContain('brew install quill-tap/quill');
    expect(lead).toMatch(/\[\[1\]\]\(https:\/\/docs\.quill\.test\/install\)/);
    expect(cited[0]!.url).toBe('https://docs.quill.test/install');
  });
});

describe('telling a list of topics from a statement', () => {
  it('reads three or more short items in a row as a list of topics', () => {
    expect(listsTopics('Deploy a site to Netlify, GitHub Pages, Cloudflare Pages, an S3 bucket or your own server.')).toBe(true);
    expect(listsTopics('Fixes for common problems: command not found, port in use, broken links after deploy, slow builds.')).toBe(true);
    expect(listsTopics('How to install it with npm, Homebrew, or a standalone binary, and how to verify the installation.')).toBe(true);
  });

  it('does not read a sentence with clauses between its commas as one', () => {
    expect(
      listsTopics('key, if provided, specifies a function of one argument that is used to extract a comparison key from each element.'),
    ).toBe(false);
    expect(listsTopics('To get the same result as sorted(chain(a, b)), all inputs must be sorted from smallest to largest.')).toBe(false);
    expect(
      listsTopics('The return value is a named tuple, which means that its items can be accessed by index or as named attributes.'),
    ).toBe(false);
  });
});
