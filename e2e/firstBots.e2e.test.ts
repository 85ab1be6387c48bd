import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, offlineContext } from './helpers/browser';
import { startStack, type Stack } from './helpers/stack';

/**
 * A new owner's first bots from the bundled sample site, as seen in real Chromium: names that tell
 * two bots apart, counts that agree and explain themselves, an embed snippet that fits its card.
 */
let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let headers: Record<string, string>;

/** Signs in with the emulator's local form and returns the bearer token the dashboard then sends. */
async function signInLocally(email: string): Promise<string> {
  const token = page.waitForRequest((r) => r.url().startsWith(`${stack.url}/api/v1/`) && !!r.headers().authorization, { timeout: 60_000 });
  await page.goto(`${stack.url}/login`);
  await page.getByLabel('Email for a local account').fill(email);
  await page.getByRole('button', { name: 'Sign in locally' }).click();
  await page.waitForURL(`${stack.url}/app`, { timeout: 30_000 });
  return (await token).headers().authorization!;
}

async function crawlSample(maxPages: number): Promise<string> {
  const res = await fetch(`${stack.url}/api/v1/crawl-and-index`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: `${stack.url}/demo/site/`, max_depth: 2, max_pages: maxPages }),
  });
  const id = ((await res.json()) as { data: { chatbot_id: string } }).data.chatbot_id;
  for (let i = 0; i < 240; i++) {
    const tasks = (await (await fetch(`${stack.url}/api/v1/crawl-and-index/tasks/${id}`, { headers })).json()) as {
      data: { status: string }[];
    };
    if (tasks.data[0]?.status === 'completed') return id;
    if (tasks.data[0]?.status === 'failed') throw new Error('crawl failed');
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('crawl did not finish');
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  context = await offlineContext(browser, [stack.url, `http://127.0.0.1:${stack.authEmulatorPort}`]);
  page = await context.newPage();
  headers = { 'content-type': 'application/json', authorization: await signInLocally('first-bots@example.com') };
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
});

describe("a new owner's first bots", () => {
  it('are told apart by name, say "1 page indexed", and explain every source that is not indexed', async () => {
    const small = await crawlSample(1);
    const full = await crawlSample(20);

    await page.goto(`${stack.url}/app/chatbots`);
    const card = (name: string) => page.locator('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
    // Named after the start page's title ('Lumen documentation · Lumen', less the site's suffix).
    await card('Lumen documentation').waitFor();
    await card('Lumen documentation (2)').waitFor();
    expect(
      await card('Lumen documentation')
        .getByText(/pages? indexed/)
        .textContent(),
    ).toBe('1 page indexed');

    await page.goto(`${stack.url}/app/chatbots/${full}`);
    const documents = page.locator('dt', { hasText: 'Documents' }).locator('xpath=following-sibling::dd');
    const indexed = Number((await documents.textContent())!.match(/^(\d+) pages indexed$/)![1]);
    const subtitle = (await page.locator('#sources-title + p').textContent())!;
    const items = page.locator('.sources-scroll li');
    const total = await items.count();
    const notIndexed = await page.locator('.sources-scroll li .source-status').count();
    expect(subtitle).toEqual(
      notIndexed ? expect.stringMatching(new RegExp(`^${total} sources: ${indexed} indexed, `)) : `${total} sources`,
    );
    expect(total - notIndexed).toBe(indexed);
    for (const li of await page.locator('.sources-scroll li:has(.source-status)').all()) {
      expect((await li.locator('.source-reason').textContent())?.trim()).toBeTruthy();
    }
    expect(small).not.toBe(full);
  });

  it('shows the embed snippet whole inside its card, on desktop and at 390px', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 860 });
      await page.goto(`${stack.url}/app/chatbots`);
      await page.locator('a', { hasText: 'View Details' }).first().click();
      const pre = page.locator('.code-block pre');
      await pre.waitFor();
      const fit = await pre.evaluate((el) => {
        const card = el.closest('.card')!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return { scrolls: el.scrollWidth > el.clientWidth + 1, inside: box.right <= card.right + 0.5 && box.left >= card.left - 0.5 };
      });
      expect(fit).toEqual({ scrolls: false, inside: true });
      expect(await pre.textContent()).toContain('/widget/widget.js');
    }
  });

  it('keeps the wizard\'s "Confirm & Create Chatbot" clear of toasts', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 860 });
      await page.goto(`${stack.url}/app/chatbots/create?url=${encodeURIComponent(`${stack.url}/demo/site/`)}`);
      await page.getByRole('button', { name: /^Collect( Sources & Review)?$/ }).click(); // 'Collect' when narrow
      await page.locator('.toast', { hasText: /Collected \d+ URLs/ }).waitFor({ timeout: 60_000 });
      // Every action toasts for 5 s: three quick ones stack up.
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add Source' }).click();
      await expect.poll(() => page.locator('.toast').count()).toBeGreaterThanOrEqual(3);
      const confirm = page.getByRole('button', { name: 'Confirm & Create Chatbot' });
      // As the page lands, and scrolled to the end of the list (the button at the bottom edge).
      for (const scroll of [false, true]) {
        const onTop = await confirm.evaluate((button, scroll) => {
          if (scroll) button.scrollIntoView({ block: 'end' });
          const r = button.getBoundingClientRect();
          if (r.bottom > innerHeight) return true; // below the fold as it lands: nothing to cover yet
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !!hit && button.contains(hit);
        }, scroll);
        expect(onTop).toBe(true);
      }
    }
  });
});

describe('everyday screens', () => {
  it('/chat has one header and one theme toggle, and New Chat reuses an unused conversation', async () => {
    const bot = (await (await fetch(`${stack.url}/api/v1/chatbots`, { headers })).json()) as { data: { chatbots: { id: string }[] } };
    const botId = bot.data.chatbots[0]!.id;
    const visible = (sel: string) =>
      page.locator(sel).evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().height > 0).length);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 860 });
      await page.goto(`${stack.url}/chat/${botId}`);
      await page.waitForURL(/\/conversations\/[^/]+$/, { timeout: 30_000 });
      await page.getByPlaceholder('Type your message...').waitFor();
      expect(
        await page
          .getByRole('button', { name: /Switch to (dark|light) mode/ })
          .filter({ visible: true })
          .count(),
      ).toBe(1);
      expect(await visible('.chat-topbar, .docent-thread-header')).toBe(1);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    const items = page.locator('.conversation-list li');
    await items.first().waitFor();
    const before = await items.count();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: /New Chat/ }).click();
    await page.waitForTimeout(1000);
    expect(await items.count()).toBe(before);
  });

  it('the landing page keeps its section links at 390px, and /demo/ asks for nothing that is missing', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.url}/`);
    const links = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
    expect(await links.filter({ visible: true }).allTextContents()).toEqual(['Features', 'How It Works', 'Demo']);

    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
    });
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${stack.url}/demo/`);
    await page.waitForLoadState('load');
    await page.waitForTimeout(1000);
    expect(missing).toEqual([]);
  });
});
