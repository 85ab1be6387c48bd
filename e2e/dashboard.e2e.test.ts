import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeGoogleApiToStandIn, signInThroughGooglePopup, signInThroughLogin } from './helpers/auth';
import { launchBrowser, offlineContext, seriousAxeViolations } from './helpers/browser';
import { shootRoute, type RouteShotResult } from './helpers/screens';
import { startStack, type Stack } from './helpers/stack';

/**
 * The dashboard in real Chromium against the real product (`npm start` on free ports: auth
 * emulator, PGlite, in-process worker, built front ends). The browser is offline except for the
 * stack, so Google's sign-in script cannot load and the emulator-only local sign-in is used; one
 * test signs in through the real Google popup path with api.js routed to a local stand-in.
 */
let stack: Stack;
let browser: Browser;
let owner: BrowserContext;
let page: Page;
const shots: RouteShotResult[] = [];
const state: { botId?: string; conversationId?: string } = {};

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  owner = await offlineContext(browser, [stack.url, `http://127.0.0.1:${stack.authEmulatorPort}`]);
  page = await owner.newPage();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const sampleSite = () => `${stack.url}/demo/site/`;

describe('dashboard in Chromium', () => {
  it('paints the stored or system theme before the app runs (no flash)', async () => {
    const context = await offlineContext(browser, [stack.url], { colorScheme: 'dark' });
    const p = await context.newPage();
    await p.goto(`${stack.url}/privacy-policy`, { waitUntil: 'domcontentloaded' });
    expect(await p.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await p.evaluate(() => localStorage.setItem('theme', 'light'));
    await p.goto(`${stack.url}/privacy-policy`, { waitUntil: 'domcontentloaded' });
    expect(await p.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await context.close();
  });

  it('landing page: sections, anchors, and the URL box into the wizard', async () => {
    const context = await offlineContext(browser, [stack.url, `http://127.0.0.1:${stack.authEmulatorPort}`]);
    const p = await context.newPage();
    await p.goto(`${stack.url}/`);
    for (const anchor of ['Features', 'How It Works', 'Demo']) {
      const href = await p.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: anchor }).getAttribute('href');
      expect(await p.locator(href!).count()).toBe(1);
    }
    await expect(p.getByText('No credit card required').first().isVisible()).resolves.toBe(true);
    await p.getByLabel('Your website address', { exact: true }).fill('https://docs.acme.dev');
    expect(await p.getByLabel('Your website address', { exact: true }).inputValue()).toBe('docs.acme.dev');
    await p.getByRole('button', { name: 'Create Chatbot' }).click();
    // Signed out: the wizard is protected, so the visitor lands on the sign-in page.
    await p.waitForURL(`${stack.url}/login`);
    await context.close();
  });

  it('screens seen signed out, in both themes and widths, have no serious axe violations', async () => {
    const context = await offlineContext(browser, [stack.url, `http://127.0.0.1:${stack.authEmulatorPort}`]);
    const p = await context.newPage();
    shots.push(await shootRoute(p, stack.url, '/', 'landing'));
    shots.push(await shootRoute(p, stack.url, '/login', 'login'));
    shots.push(await shootRoute(p, stack.url, '/privacy-policy', 'privacy-policy'));
    shots.push(await shootRoute(p, stack.url, '/no-such-page', 'not-found'));
    await p.goto(`${stack.url}/privacy-policy`);
    await p.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    expect(await p.locator('.doc-sections > li').count()).toBe(9);
    const failures = shots.flatMap((s) =>
      s.violations.map(
        (v) => `${s.route} [${v.theme}/${v.viewport}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    );
    expect(failures).toEqual([]);
    await context.close();
  });

  it('signs in (Google popup fails offline → local emulator sign-in) and lands on /app', async () => {
    await signInThroughLogin(page, stack.url, 'owner@example.com');
    await page.getByRole('heading', { name: 'Create New Chatbot' }).waitFor();
    // Signed-in users visiting /login go to /app.
    await page.goto(`${stack.url}/login`);
    await page.waitForURL(`${stack.url}/app`);
  });

  it('signs in through the Google popup (signInWithPopup, api.js routed to a local stand-in) against the auth emulator', async () => {
    const emulator = `http://127.0.0.1:${stack.authEmulatorPort}`;
    const context = await offlineContext(browser, [stack.url, emulator]);
    const served = await routeGoogleApiToStandIn(context);
    const p = await context.newPage();
    await signInThroughGooglePopup(p, stack.url, 'popup-owner@example.com');
    await p.getByRole('heading', { name: 'Create New Chatbot' }).waitFor();
    // The popup path did it, not the offline fallback.
    expect(await p.getByLabel('Email for a local account').count()).toBe(0);
    // The app page (?onload=…) and the emulator's helper frame both loaded the stand-in.
    expect(served.some((u) => /\?onload=/.test(u))).toBe(true);
    expect(served.some((u) => !u.includes('?'))).toBe(true);
    // The emulator now holds a google.com account for that email…
    const res = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/projects/demo-docent/accounts:query`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: '{}',
    });
    const { userInfo = [] } = (await res.json()) as { userInfo?: { email?: string; providerUserInfo?: { providerId: string }[] }[] };
    const account = userInfo.find((u) => u.email === 'popup-owner@example.com');
    expect(account?.providerUserInfo?.map((i) => i.providerId)).toContain('google.com');
    // …and its ID token is accepted by the API (the sidebar's chatbot list loads, empty).
    await p.getByText('No chatbots created yet.').first().waitFor();
    await context.close();
  });

  it('creates a chatbot from the bundled sample site through the wizard', async () => {
    await page.goto(`${stack.url}/app/chatbots/create?url=${encodeURIComponent(sampleSite())}`);
    await page.getByLabel('Maximum Pages').fill('20');
    await page.getByLabel('Maximum Depth').selectOption('3');
    await page.getByRole('button', { name: 'Collect Sources & Review' }).click();
    await page.getByText(/^Collected \d+ URLs\.$/).waitFor({ timeout: 60_000 });
    await page.waitForURL(/step=review/);
    const heading = await page.getByRole('heading', { name: /Review & Select Sources/ }).textContent();
    const selected = Number(/(\d+) selected/.exec(heading ?? '')?.[1]);
    expect(selected).toBeGreaterThan(1);
    // The list is filterable and every collected address is preselected.
    const boxes = page.getByRole('group', { name: 'Sources' }).getByRole('checkbox');
    expect(await boxes.count()).toBe(selected);
    shots.push(
      await shootRoute(page, stack.url, page.url().replace(stack.url, ''), 'wizard-review', async (p) => {
        await p.getByRole('heading', { name: /Review & Select Sources/ }).waitFor();
      }),
    );
    await page.getByRole('button', { name: 'Confirm & Create Chatbot' }).click();
    await page.getByText('Indexing started!').waitFor();
    await page.waitForURL(`${stack.url}/app/chatbots`);
    expect(await page.evaluate(() => localStorage.getItem('crawlConfig'))).toBeNull();
  });

  it('the card badge polls until the crawl completes and counts the indexed pages', async () => {
    const card = page.getByRole('article').first();
    await card.waitFor();
    await card.locator('.badge[data-status="completed"]').waitFor({ timeout: 120_000 });
    await expect
      .poll(async () => card.getByText(/\d+ pages indexed/).textContent(), { timeout: 20_000 })
      .toMatch(/^[1-9]\d* pages indexed$/);
    const href = await card.getByRole('link', { name: /View Details/ }).getAttribute('href');
    state.botId = href?.split('/').pop();
    expect(state.botId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('detail page: cards, embed snippet, prompts saved, widget hosted', async () => {
    await page.goto(`${stack.url}/app/chatbots/${state.botId}`);
    for (const title of [
      'Chatbot Information',
      'Embed on Your Website',
      'Chatbot Sources',
      'Chatbot Link',
      'Customize Chatbot Prompts',
      'Chatbot Details',
    ]) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    const snippet = await page.getByLabel('Embed snippet').textContent();
    expect(snippet).toBe(
      `<link rel="stylesheet" href="${stack.url}/widget/widget.css">\n<div id="docent-chat" data-bot-id="${state.botId}"></div>\n<script src="${stack.url}/widget/widget.js" defer></script>`,
    );
    expect(await page.getByLabel('Public chat link').inputValue()).toBe(`${stack.url}/chat/${state.botId}/conversations`);
    expect(await page.locator('.sources-scroll a').count()).toBeGreaterThan(0);

    await page.getByLabel('System Prompt').fill('You are the Docent sample site assistant.');
    await page.getByLabel('Response Format').fill('Short paragraphs.');
    await page.getByRole('button', { name: 'Save Prompts' }).click();
    await page.getByText('Prompts saved successfully.').waitFor();
    await page.reload();
    await page.getByLabel('System Prompt').waitFor();
    expect(await page.getByLabel('System Prompt').inputValue()).toBe('You are the Docent sample site assistant.');
    // The page hosts the bot's floating widget, as a customer's site would.
    expect(await page.locator(`#docent-chat[data-bot-id="${state.botId}"]`).count()).toBe(1);
  });

  it('the detail page loads widget.js once, mounts through window.DocentChat, and unmounts it on leaving', async () => {
    const requests: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (r.url().includes('/widget/widget.js')) requests.push(r.url());
    };
    page.on('request', onRequest);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${stack.url}/app/chatbots/${state.botId}`);
    const launcher = page.locator(`#docent-chat[data-bot-id="${state.botId}"] .docent-launcher`);
    await launcher.waitFor();
    // Leave through the app's own navigation (no reload): the widget and its host are gone.
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.waitForURL(`${stack.url}/app/chatbots`);
    await expect.poll(() => page.locator('#docent-chat').count()).toBe(0);
    expect(
      await page.evaluate(
        () => (window as unknown as { __docentWidget__: { mounted: Map<unknown, unknown> } }).__docentWidget__.mounted.size,
      ),
    ).toBe(0);
    // Back again: mounted anew by the already-loaded script.
    await page.locator(`article a[href="/app/chatbots/${state.botId}"]`).first().click();
    await launcher.waitFor();
    await launcher.click();
    await page.locator('#docent-chat').getByPlaceholder('Type your message...').waitFor();
    expect(await page.locator('#docent-chat').count()).toBe(1);
    expect(await page.locator('script[src*="/widget/widget.js"]').count()).toBe(1);
    expect(requests).toHaveLength(1);
    page.off('request', onRequest);
  });

  it('Re-crawl starts a new crawl into the same bot and the badge follows it to completed', async () => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${stack.url}/app/chatbots/${state.botId}`);
    const updated = page.locator('.meta-inline .muted');
    const before = await updated.textContent();
    await page.getByRole('button', { name: 'Re-crawl' }).click();
    await page.getByText('Re-crawl started.').waitFor();
    // A new task: its time differs from the first crawl's, and the badge follows it to completed.
    await expect.poll(() => updated.textContent(), { timeout: 30_000 }).not.toBe(before);
    await expect
      .poll(() => page.locator('.detail-title-row .badge').getAttribute('data-status'), { timeout: 120_000, interval: 1000 })
      .toBe('completed');
    expect(await page.getByText(/^[1-9]\d* pages indexed$/).count()).toBe(1);
  });

  it('the single form (/app) starts a crawl and the new bot appears in the list', async () => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${stack.url}/app`);
    await page.getByLabel('Start URL').fill(sampleSite());
    await page.getByLabel('Maximum Pages').fill('3');
    await page.getByRole('button', { name: 'Advanced Configuration' }).click();
    await page.getByLabel('Maximum Depth').selectOption('1');
    await page.getByLabel('Chatbot Name').fill('Lumen (form)');
    await page.getByLabel('Description').fill('Made with the single form.');
    await page.getByRole('button', { name: 'Create Chatbot' }).click();
    await page.getByText('Chatbot "Lumen (form)" is being created!').waitFor();
    await page.waitForURL(`${stack.url}/app/chatbots`);
    const card = page.getByRole('article').filter({ hasText: 'Lumen (form)' });
    await card.locator('.badge[data-status="completed"]').waitFor({ timeout: 120_000 });
    await expect(card.getByText('Made with the single form.').isVisible()).resolves.toBe(true);
    // The sidebar lists it among the recent chatbots.
    await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Lumen (form)' }).waitFor();
  });

  it('the public link opens a conversation and the bot answers with cited sources', async () => {
    const visitor = await offlineContext(browser, [stack.url]);
    const p = await visitor.newPage();
    await p.goto(`${stack.url}/chat/${state.botId}/conversations`);
    await p.waitForURL(new RegExp(`/chat/${state.botId}/conversations/[0-9a-f-]{36}$`));
    state.conversationId = p.url().split('/').pop();
    await p.getByText('Untitled Conversation').first().waitFor();
    const input = p.getByPlaceholder('Type your message...');
    await input.fill('How do I install Lumen?');
    await input.press('Enter');
    const answer = p.locator('.docent-msg-assistant').last();
    await answer.locator('.docent-sources a').first().waitFor({ timeout: 60_000 });
    const href = await answer.locator('.docent-sources a').first().getAttribute('href');
    expect(href).toContain('/demo/site/');
    expect(await p.locator('.docent-msg-user').last().textContent()).toContain('How do I install Lumen?');
    // The visitor's conversation is reachable again from a fresh visit of the link.
    await p.goto(`${stack.url}/chat/${state.botId}/conversations`);
    await p.waitForURL(`${stack.url}/chat/${state.botId}/conversations/${state.conversationId}`);
    shots.push(
      await shootRoute(p, stack.url, `/chat/${state.botId}/conversations/${state.conversationId}`, 'chat-thread', async (pg) => {
        await pg.locator('.docent-msg-assistant').first().waitFor();
      }),
    );
    shots.push(await shootRoute(p, stack.url, '/chat', 'chat-home'));
    await visitor.close();
  });

  it('signed-in screens in both themes and widths have no serious axe violations', async () => {
    shots.push(await shootRoute(page, stack.url, '/app', 'app-index'));
    shots.push(await shootRoute(page, stack.url, '/app/chatbots', 'chatbots'));
    shots.push(await shootRoute(page, stack.url, '/app/chatbots/new', 'chatbots-new'));
    shots.push(await shootRoute(page, stack.url, '/app/chatbots/create', 'wizard-configure'));
    shots.push(await shootRoute(page, stack.url, '/app/chatbots/not-a-uuid', 'chatbot-invalid-id'));
    expect(state.botId, 'the wizard test created a chatbot').toBeTruthy();
    shots.push(
      await shootRoute(page, stack.url, `/app/chatbots/${state.botId}`, 'chatbot-detail', async (p) => {
        await p.getByRole('heading', { name: 'Chatbot Details' }).waitFor();
      }),
    );
    const failures = shots.flatMap((s) =>
      s.violations.map(
        (v) =>
          `${s.route} [${v.theme}/${v.viewport}] ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    );
    expect(failures).toEqual([]);
  });

  it('the drawer opens below 1024px and closes on navigation', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.url}/app/chatbots`);
    const sidebar = page.locator('#app-sidebar');
    expect(await sidebar.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar.getByRole('link', { name: 'New Chatbot' }).click();
    await page.waitForURL(`${stack.url}/app/chatbots/create`);
    await expect.poll(() => sidebar.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('toggles the theme and keeps it across reloads', async () => {
    await page.goto(`${stack.url}/app/chatbots`);
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await page.getByRole('button', { name: 'Dark mode' }).click();
    expect(await page.evaluate(() => [document.documentElement.classList.contains('dark'), localStorage.getItem('theme')])).toEqual([
      true,
      'dark',
    ]);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('logs out and reaches /login about two seconds later', async () => {
    await page.goto(`${stack.url}/app/chatbots`);
    await page.getByRole('button', { name: 'Logout' }).last().click();
    const started = Date.now();
    await page.getByText('You have been logged out').waitFor();
    await page.waitForURL(`${stack.url}/login`, { timeout: 10_000 });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(1500);
    expect(waited).toBeLessThan(6000);
    await page.goto(`${stack.url}/app/chatbots`);
    await page.waitForURL(`${stack.url}/login`);
  });
});
