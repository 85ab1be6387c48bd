import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { rebuildTermStats } from '../../src/db/repositories/termStats.js';

export interface SeedPage {
  url: string;
  title: string;
  chunks: { heading?: string; content: string }[];
  /** Anchor text of links pointing at the page (documents.anchor_text), one per line. */
  anchorText?: string;
}

/** Insert live documents and chunks for a bot, as the indexer would (term statistics included). */
export async function seedPages(db: Db, chatbotId: string, pages: SeedPage[]): Promise<void> {
  for (const page of pages) {
    const docId = randomUUID();
    const content = page.chunks.map((c) => c.content).join('\n\n');
    await db.query(
      'INSERT INTO documents (id, chatbot_id, url, title, content, content_hash, anchor_text) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [
        docId,
        chatbotId,
        page.url,
        page.title,
        content,
        createHash('sha256')
          .update(page.url + content)
          .digest('hex'),
        page.anchorText ?? '',
      ],
    );
    for (const [i, c] of page.chunks.entries()) {
      await db.query(
        'INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, heading_path, content) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [docId, chatbotId, i, page.url, page.title, c.heading ?? '', c.content],
      );
    }
  }
  await rebuildTermStats(db, chatbotId);
}

/**
 * Index a seeded bot's pages in one language, as a crawl of a site in it would: the chunks' and
 * pages' text search configuration, the bot's language, and the term statistics again.
 */
export async function indexInLanguage(db: Db, chatbotId: string, language: string, config: string): Promise<void> {
  await db.query(`UPDATE chunks SET ts_config = $2 WHERE chatbot_id = $1`, [chatbotId, config]);
  await db.query(`UPDATE documents SET ts_config = $2, language = $3 WHERE chatbot_id = $1`, [chatbotId, config, language]);
  // The pages' words from their chunks', as the indexer and an owner's change of language make them (migration 021).
  await db.query(
    `UPDATE documents d SET tsv = a.tsv, tsv_len = length(a.tsv)
       FROM (SELECT document_id, tsvector_agg(ts_filter(tsv, '{c}') ORDER BY ordinal) AS tsv
               FROM chunks WHERE chatbot_id = $1 AND ordinal < 200 GROUP BY document_id) a
      WHERE d.id = a.document_id`,
    [chatbotId],
  );
  await db.query(`UPDATE chatbots SET language = $2, page_languages = ARRAY[$2] WHERE id = $1`, [chatbotId, language]);
  await rebuildTermStats(db, chatbotId);
}

/** A small documentation site about a fictional tool, "Quill". */
export const QUILL_SITE: SeedPage[] = [
  {
    url: 'https://docs.quill.test/install',
    title: 'Installing Quill',
    chunks: [
      {
        heading: 'Installation',
        content:
          'Quill runs on Linux, macOS and Windows. Install Quill with the package manager of your system.\n\nTo install the command line tool, run:\n\n```\nnpm install -g quill-cli\n```\n\nAfter installing, check the version with `quill --version`.',
      },
      {
        heading: 'Installation > Upgrading',
        content: 'To upgrade an existing installation, run the install command again. Your configuration file is kept.',
      },
    ],
  },
  {
    url: 'https://docs.quill.test/config',
    title: 'Configuration file',
    chunks: [
      {
        heading: 'Configuration',
        content:
          'Quill reads its settings from a file named quill.toml in the project root. The file uses TOML syntax.\n\nThe `theme` setting chooses the colour theme of generated pages. The `output` setting names the folder where pages are written.',
      },
      {
        heading: 'Configuration > Environment variables',
        content: 'Every setting can be overridden with an environment variable prefixed with QUILL_, for example QUILL_OUTPUT=dist.',
      },
    ],
  },
  {
    url: 'https://docs.quill.test/deploy',
    title: 'Deploying a Quill site',
    chunks: [
      {
        heading: 'Deployment',
        content:
          'Quill writes a static site, so any static web host can serve it. Build the site with `quill build` and upload the output folder.\n\nThe build removes the previous output first.',
      },
    ],
  },
  {
    url: 'https://docs.quill.test/plugins',
    title: 'Writing plugins',
    chunks: [
      {
        heading: 'Plugins',
        content:
          'A plugin is a JavaScript module that exports a function receiving the page tree. Plugins can add pages, rewrite links and change templates.',
      },
      {
        heading: 'Plugins > Registering',
        content: 'Register a plugin by listing its package name under plugins in quill.toml. Plugins run in the order they are listed.',
      },
    ],
  },
  {
    url: 'https://docs.quill.test/faq',
    title: 'Frequently asked questions',
    chunks: [
      {
        heading: 'FAQ > Search',
        content:
          'Does Quill have search? Yes. Quill builds a search index for every site, and the search box appears in the header of every page.',
      },
      {
        heading: 'FAQ > Dark mode',
        content: 'Dark mode is available: set theme = "dark" in quill.toml to use the dark colour theme.',
      },
    ],
  },
];

/**
 * Filler pages, one short page per topic, beside the pages a test is about: a site of a dozen pages,
 * so that the words of those pages are rare in it, as on a real site.
 */
export const topicPages = (origin: string, topics: string[], text: (topic: string) => string): SeedPage[] =>
  topics.map((t) => ({
    url: `${origin}/${encodeURIComponent(t.toLowerCase().replace(/ /g, '-'))}`,
    title: t,
    chunks: [{ content: text(t) }],
  }));

/** A new bot with these pages, as the indexer would write them (English). */
export async function seedBot(db: Db, pages: SeedPage[]): Promise<string> {
  const bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  await seedPages(db, bot, pages);
  return bot;
}

/** A new bot with these pages, indexed in one language (indexInLanguage). */
export async function seedBotInLanguage(db: Db, language: string, config: string, pages: SeedPage[]): Promise<string> {
  const bot = await seedBot(db, pages);
  await indexInLanguage(db, bot, language, config);
  return bot;
}
