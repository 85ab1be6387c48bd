import { getChatbotRow, isAddressName, uniqueBotName } from '../../db/repositories/chatbots.js';
import { forgetPublicBot } from '../../db/repositories/publicBotCache.js';
import type { Db } from '../../db/db.js';
import { botNameFromTitles } from '../../crawl/siteTitle.js';
import { normalizeUrl } from '../../crawl/urls.js';

/** Titles read to find what the site repeats in them: enough to see a pattern, cheap on a big site. */
const SAMPLE_TITLES = 200;

/**
 * A new bot created without a name was called after its start address ("docs.example.com/guide");
 * once its first crawl has the pages, it is named after its start page's title, cleaned of the
 * site's repeated suffix ("Guide · Acme Docs" → "Guide"). A name the owner has set since (or gave
 * at creation) is left alone: only the address name is replaced, and only if it is still the name.
 */
export async function nameAfterStartPage(db: Db, chatbotId: string, startUrl: string): Promise<void> {
  const bot = await getChatbotRow(db, chatbotId);
  if (!bot || !isAddressName(bot.name, startUrl)) return;
  const pages = await db.query<{ url: string; title: string }>(
    `SELECT url, title FROM documents WHERE chatbot_id = $1 AND live ORDER BY fetched_at, url LIMIT ${SAMPLE_TITLES}`,
    [chatbotId],
  );
  const start = normalizeUrl(startUrl) ?? startUrl;
  const variants = new Set([start, start.replace(/\/$/, ''), `${start.replace(/\/$/, '')}/`]);
  // The start page (its address may have gained or lost a slash on the way); else the first page fetched.
  const page = pages.find((p) => variants.has(p.url)) ?? pages[0];
  if (!page) return;
  const title = botNameFromTitles(
    page.title,
    pages.map((p) => p.title),
  );
  if (!title) return;
  await db.transaction(async (tx) => {
    const name = await uniqueBotName(tx, bot.owner_uid, title);
    await tx.query(`UPDATE chatbots SET name = $2, updated_at = now() WHERE id = $1 AND name = $3`, [chatbotId, name, bot.name]);
  });
  forgetPublicBot(chatbotId); // visitors see the new name (other processes: migration 025's notice)
}
