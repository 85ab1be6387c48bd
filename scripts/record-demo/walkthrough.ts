import type { Locator, Page } from 'playwright-core';
import { clickSlowly, glideTo, typeSlowly } from './pointer';

/** Questions the sample site (demo/site, "Lumen") answers, with the pages they cite. */
export const CHAT_QUESTION = 'How do I change the port lumen serve uses?';
export const WIDGET_QUESTION = 'How do I install Lumen?';

/** Records a caption mark: the text shown from now until the next mark. */
export type MarkFn = (text: string) => void;

export interface WalkthroughResult {
  botId: string;
  /** When the cited answer in the public chat was on screen: the poster frame. */
  posterAt: number;
}

const ANSWER_TIMEOUT = 90_000;

/** The newest answer in `scope` once its Sources list is there (the answer has finished streaming). */
async function citedAnswer(scope: Locator): Promise<Locator> {
  const answer = scope.locator('.docent-msg-assistant').last();
  await answer.locator('.docent-sources a').first().waitFor({ timeout: ANSWER_TIMEOUT });
  return answer;
}

/**
 * Brings the heading into view: the detail page may group its cards in tabs, so each tab is tried
 * until the heading shows.
 */
async function reveal(page: Page, heading: Locator): Promise<void> {
  if (await heading.isVisible()) return;
  const tabs = page.getByRole('tab');
  for (let i = 0; i < (await tabs.count()); i++) {
    await clickSlowly(page, tabs.nth(i));
    await page.waitForTimeout(400);
    if (await heading.isVisible()) return;
  }
  await heading.waitFor({ timeout: 5000 });
}

/**
 * The walkthrough the landing page's video shows, driven in the real product: a signed-in owner
 * goes from the landing page to a bot of the bundled sample site, asks it on the public chat page,
 * then asks it again in the widget on a third-party page that embeds it with one script tag.
 */
export async function walkthrough(page: Page, baseUrl: string, mark: MarkFn): Promise<WalkthroughResult> {
  const pause = (ms: number) => page.waitForTimeout(ms);

  // 1. The landing page's own entry point for a first try.
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  mark('Docent turns a website into a chatbot that cites its pages. Start from the landing page.');
  await pause(1800);
  mark('Try it on the bundled sample site: a small docs site for "Lumen".');
  await clickSlowly(page, page.getByRole('link', { name: 'Try it first with the bundled sample site' }));

  // 2. The wizard's first step, prefilled with the sample site.
  const collect = page.getByRole('button', { name: /^Collect( Sources & Review)?$/ });
  await collect.waitFor({ timeout: 30_000 });
  mark("Step 1 of the wizard: the sample site's address is filled in. Collect its pages.");
  await pause(1800);
  await clickSlowly(page, collect);

  // 3. Review: the pages found, the name taken from the start page's title.
  await page.getByRole('heading', { name: /Review & Select Sources/ }).waitFor({ timeout: 90_000 });
  mark("Step 2: review the pages Docent found. The bot is named after the site's title.");
  await pause(1200);
  const list = page.getByRole('group', { name: 'Sources' });
  await glideTo(page, list);
  await page.mouse.wheel(0, 260);
  await pause(1200);
  const confirm = page.getByRole('button', { name: 'Confirm & Create Chatbot' });
  await clickSlowly(page, confirm);

  // 4. The crawl and indexing run in the background; the card shows the task's end.
  await page.waitForURL(`${baseUrl}/app/chatbots`, { timeout: 60_000 });
  mark('Docent crawls and indexes the pages in the background; the card shows when it is done.');
  const card = page.locator('article.chatbot-card').first();
  await card.locator('.badge[data-status="completed"]').waitFor({ timeout: 180_000 });
  await pause(1500);
  const details = card.getByRole('link', { name: /View Details/ });
  const botId = (await details.getAttribute('href'))!.split('/').pop()!;
  await clickSlowly(page, details);

  // 5. The detail page's embed snippet.
  await page.getByRole('heading', { level: 1 }).waitFor();
  const embed = page.getByRole('heading', { name: 'Embed on Your Website' });
  await reveal(page, embed);
  await embed.scrollIntoViewIfNeeded();
  mark("The bot's page gives the embed snippet: one script tag puts the chat on your site.");
  await glideTo(page, page.getByLabel('Embed snippet').first());
  await pause(2600);

  // 6. A visitor asks on the public chat page.
  await page.goto(`${baseUrl}/chat/${botId}/conversations`);
  const input = page.getByPlaceholder('Type your message...');
  await input.waitFor({ timeout: 30_000 });
  mark('Visitors can ask on the public chat page…');
  await pause(700);
  await typeSlowly(page, input, CHAT_QUESTION);
  await input.press('Enter');
  mark('…and the answer quotes the site, with the pages it came from under Sources.');
  const answer = await citedAnswer(page.locator('body'));
  await answer.locator('.docent-sources').scrollIntoViewIfNeeded();
  await pause(600);
  const posterAt = Date.now() / 1000;
  await glideTo(page, answer.locator('.docent-sources a').first());
  await pause(2800);

  // 7. The same bot in the widget on a third-party page that embeds it with the snippet.
  // A visitor of another site is a new visitor: forget the chat page's (same-origin) visitor and conversation.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${baseUrl}/demo/?bot=${botId}`);
  const widget = page.locator('#docent-chat');
  const launcher = widget.locator('.docent-launcher');
  await launcher.waitFor({ timeout: 30_000 });
  mark('The same bot embedded on another site: the widget opens from the corner.');
  await pause(1200);
  await clickSlowly(page, launcher);
  const widgetInput = widget.getByPlaceholder('Type your message...');
  await widgetInput.waitFor();
  await typeSlowly(page, widgetInput, WIDGET_QUESTION);
  await widgetInput.press('Enter');
  mark('Answers there cite their sources too. Docent: your website, as a cited chatbot.');
  const widgetAnswer = await citedAnswer(widget);
  await widgetAnswer.locator('.docent-sources').scrollIntoViewIfNeeded();
  await glideTo(page, widgetAnswer.locator('.docent-sources a').first());
  await pause(3200);
  return { botId, posterAt };
}
