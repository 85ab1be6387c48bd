import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rechunkBot } from '../../../eval/rechunk.js';
import { FullTextRetriever } from '../../src/answer/retrieval/retriever.js';
import type { Db } from '../../src/db/db.js';
import { openTestDb } from '../helpers/db.js';
import { seedBotInLanguage } from '../answer/seed.js';

/**
 * The harness's --rechunk re-chunks a bot's stored pages as a crawl would: in each page's own
 * language. Written in the default (English) configuration, a German bot's chunks lost its stemmed
 * matches, and half of every non-English site's answers with them.
 */
describe('rechunkBot', () => {
  let db: Db;
  let bot: string;
  beforeAll(async () => {
    db = await openTestDb();
    bot = await seedBotInLanguage(db, 'de', 'german', [
      {
        url: 'https://de.test/netz',
        title: 'Netzwerk',
        chunks: [{ heading: 'Netzwerk', content: 'Die Netzwerkschnittstellen werden in der Datei /etc/network/interfaces konfiguriert.' }],
      },
      {
        url: 'https://de.test/drucker',
        title: 'Drucker',
        chunks: [{ heading: 'Drucker', content: 'Ein Drucker wird mit CUPS eingerichtet.' }],
      },
    ]);
  });
  afterAll(() => db.close());

  it("writes each chunk in its page's language, so stemmed words still find it", async () => {
    await rechunkBot(db, bot);
    const configs = await db.query<{ ts_config: string }>('SELECT DISTINCT ts_config FROM chunks WHERE chatbot_id = $1', [bot]);
    expect(configs.map((c) => c.ts_config)).toEqual(['german']);
    // "konfiguriere" is "konfiguriert" only to a German stemmer.
    const found = await new FullTextRetriever(db).retrieve(bot, 'Wie konfiguriere ich die Netzwerkschnittstellen?');
    expect(found.pages[0]?.url).toBe('https://de.test/netz');
  });
});
