import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../server/test/answer/fakeLlm';
import { launchBrowser, offlineContext } from './helpers/browser';
import { SCREENSHOT_DIR } from './helpers/screens';
import { startStack, type Stack } from './helpers/stack';

/**
 * The embeddable widget in real Chromium on the demo page (hostile global CSS, strict CSP), against
 * the real product (`npm start` stack) with a bot crawled from the bundled sample site. Only the
 * hosted LLM is faked, by an OpenAI-compatible server that streams.
 */
const require = createRequire(import.meta.url);
let stack: Stack;
let llm: FakeLlm;
let browser: Browser;
let botId: string;

const NORMAL = {
  kind: 'stream' as const,
  deltas: ['To install Lumen, run ', '`npm install --save-dev @lumen/cli`', ' and check it with ', '`npx lumen --version`.'],
  delayMs: 250,
};
const XSS_ANSWER = [
  'Here you go: <img src="x" onerror="window.__pwned = (window.__pwned||0) + 1">',
  '<script>window.__pwned = 99</script>',
  ' [click me](javascript:window.__pwned=7) <a href="javascript:window.__pwned=8" id="evil">evil</a>',
  ' <svg><a href="javascript:window.__pwned=9"><text y="20">svg</text></a></svg> <iframe src="javascript:parent.__pwned=3"></iframe>',
];

// Questions must be about the sample site: the server refuses off-topic ones without asking the LLM.
let token: Promise<string> | null = null;
function ownerToken(): Promise<string> {
  return (token ??= signUpOwner());
}
async function signUpOwner(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${stack.authEmulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'widget-owner@example.com', password: 'password-123', returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** Creates a bot from the bundled sample site and waits until its crawl has completed. */
async function createSampleBot(): Promise<string> {
  const token = await ownerToken();
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const res = await fetch(`${stack.url}/api/v1/crawl-and-index`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: `${stack.url}/demo/site/`, max_depth: 2, max_pages: 20, name: 'Lumen docs', description: 'Sample' }),
  });
  const body = (await res.json()) as { success: boolean; data: { chatbot_id: string } };
  if (!body.success) throw new Error(`crawl-and-index failed: ${JSON.stringify(body)}`);
  const id = body.data.chatbot_id;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const tasks = (await (await fetch(`${stack.url}/api/v1/crawl-and-index/tasks/${id}`, { headers })).json()) as {
      data: { status: string; error: string | null }[];
    };
    const status = tasks.data[0]?.status;
    if (status === 'completed') return id;
    if (status === 'failed') throw new Error(`crawl failed: ${tasks.data[0]?.error}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('crawl did not finish in time');
}

/** A second bot, created without waiting for its (one-page) crawl: only its launcher matters here. */
async function startSecondBot(): Promise<string> {
  const token = await ownerToken();
  const res = await fetch(`${stack.url}/api/v1/crawl-and-index`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ url: `${stack.url}/demo/site/`, max_depth: 1, max_pages: 1, name: 'Second bot', description: '' }),
  });
  const body = (await res.json()) as { success: boolean; data: { chatbot_id: string } };
  if (!body.success) throw new Error(`crawl-and-index failed: ${JSON.stringify(body)}`);
  return body.data.chatbot_id;
}

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/**
 * e2e/fixtures/hostile-global.html served on the stack's origin (by the browser's router, so the
 * server stays untouched), with the embed snippet for `bots` (none: the bare page, as a baseline).
 */
async function hostileGlobalPage(context: BrowserContext, bots: string[]) {
  await context.route(`${stack.url}/e2e-fixtures/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('.css')) {
      return route.fulfill({ contentType: 'text/css', body: readFileSync(path.join(FIXTURES, 'hostile-global.css'), 'utf8') });
    }
    const wanted = (url.searchParams.get('bots') ?? '').split(',').filter(Boolean);
    const head = wanted.length ? `<link rel="stylesheet" href="${stack.url}/widget/widget.css">` : '';
    const body = wanted.length
      ? [
          `<div id="docent-chat" data-bot-id="${wanted[0]}"></div>`,
          ...wanted.slice(1).map((id) => `<div data-bot-id="${id}"></div>`),
          `<script src="${stack.url}/widget/widget.js" defer></script>`,
        ].join('\n')
      : '';
    const html = readFileSync(path.join(FIXTURES, 'hostile-global.html'), 'utf8').replace('<!--HEAD-->', head).replace('<!--BODY-->', body);
    return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${stack.url}/e2e-fixtures/hostile-global.html?bots=${bots.join(',')}`);
  return { page, errors };
}

/** Computed styles of the hostile page's own elements (to prove the widget's CSS changes none). */
const PAGE_SELECTORS = [
  'html',
  'body',
  'h1.page-title',
  'p.lead',
  'a.page-link',
  'div.page-box',
  'button.page-button',
  'ul.page-list li',
  'textarea.page-textarea',
];
function pageStyles(page: Page) {
  return page.evaluate((selectors) => {
    const props = [
      'display',
      'fontSize',
      'fontFamily',
      'lineHeight',
      'color',
      'backgroundColor',
      'boxSizing',
      'margin',
      'padding',
      'borderTopWidth',
      'position',
      'textTransform',
      'letterSpacing',
      'width',
    ] as const;
    return selectors.map((sel) => {
      const cs = getComputedStyle(document.querySelector(sel)!);
      return `${sel} ${props.map((p) => cs[p]).join('|')}`;
    });
  }, PAGE_SELECTORS);
}

const shot = (page: Page, name: string) => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, `widget-${name}.png`) });
};

/** A page context that records CSP violations and page errors. */
async function demoPage(context: BrowserContext, query = `bot=${botId}`) {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto(`${stack.url}/demo/?${query}`);
  return { page, problems };
}

const launcher = (page: Page) => page.locator('#docent-chat .docent-launcher');
const input = (page: Page) => page.locator('#docent-chat').getByPlaceholder('Type your message...');

beforeAll(async () => {
  llm = await startFakeLlm([NORMAL]);
  stack = await startStack({ env: { LLM_BASE_URL: llm.url, LLM_API_KEY: 'test-key', LLM_MODEL: 'fake-model' } });
  browser = await launchBrowser();
  botId = await createSampleBot();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await llm?.close();
});

describe('widget on a hostile third-party page', () => {
  it('isolates styles both ways: hostile page CSS does not reach the widget, widget CSS does not reach the page', async () => {
    const context = await offlineContext(browser, [stack.url]);
    // The page without the widget, for a baseline of its own computed styles.
    const { page } = await demoPage(context, 'nobot=1');
    const pageStyles = () =>
      page.evaluate(() =>
        ['body', 'h1', 'button.ghost', '.reset-zone li', 'a.cta', 'p'].map((sel) => {
          const cs = getComputedStyle(document.querySelector(sel)!);
          return [sel, cs.fontSize, cs.color, cs.backgroundColor, cs.boxSizing, cs.display, cs.fontFamily, cs.lineHeight].join('|');
        }),
      );
    const before = await pageStyles();
    const { page: withWidget, problems } = await demoPage(context);
    await launcher(withWidget).waitFor();
    const after = await withWidget.evaluate(() =>
      ['body', 'h1', 'button.ghost', '.reset-zone li', 'a.cta', 'p'].map((sel) => {
        const cs = getComputedStyle(document.querySelector(sel)!);
        return [sel, cs.fontSize, cs.color, cs.backgroundColor, cs.boxSizing, cs.display, cs.fontFamily, cs.lineHeight].join('|');
      }),
    );
    expect(after).toEqual(before);

    const styles = await withWidget.evaluate(() => {
      const shadow = document.getElementById('docent-chat')!.shadowRoot!;
      const l = shadow.querySelector('.docent-launcher')!;
      const cs = getComputedStyle(l);
      const root = getComputedStyle(shadow.querySelector('.docent-root')!);
      const svg = getComputedStyle(l.querySelector('svg')!);
      const rect = l.getBoundingClientRect();
      return {
        width: cs.width,
        height: cs.height,
        radius: cs.borderRadius,
        bg: cs.backgroundColor,
        border: cs.borderTopWidth,
        boxSizing: cs.boxSizing,
        position: cs.position,
        rootFont: root.fontSize,
        rootLine: root.lineHeight,
        textTransform: root.textTransform,
        letterSpacing: root.letterSpacing,
        svgWidth: svg.width,
        right: innerWidth - rect.right,
        bottom: innerHeight - rect.bottom,
      };
    });
    expect(styles).toMatchObject({
      width: '56px',
      height: '56px',
      radius: '50%',
      bg: 'rgb(37, 99, 235)',
      border: '0px',
      boxSizing: 'border-box',
      position: 'fixed',
      rootFont: '14px',
      textTransform: 'none',
      letterSpacing: 'normal',
      svgWidth: '26px',
    });
    expect(styles.right).toBe(20);
    expect(styles.bottom).toBe(20);
    // The promo section's `div {display:none !important}` is real on the page…
    expect(await withWidget.locator('#promo div').isVisible()).toBe(false);
    // …and no CSP violation or page error happened (no inline script, eval or inline style).
    expect(problems).toEqual([]);
    await shot(withWidget, 'closed-desktop');
    await context.close();
  });

  it('opens, creates a conversation, streams a cited answer, and closes with Escape', async () => {
    const context = await offlineContext(browser, [stack.url]);
    const { page, problems } = await demoPage(context);
    await launcher(page).click();
    const panel = page.locator('#docent-chat .docent-panel');
    await panel.waitFor();
    const box = (await panel.boundingBox())!;
    expect([box.width, box.height]).toEqual([400, 600]);
    await input(page).waitFor();
    expect(await page.locator('#docent-chat .docent-panel-title').textContent()).toBe('New Chat');
    // Focus moved into the panel.
    expect(await page.evaluate(() => document.getElementById('docent-chat')!.shadowRoot!.activeElement?.className)).toContain(
      'docent-input',
    );

    llm.script(NORMAL);
    await input(page).fill('How do I install Lumen?');
    await input(page).press('Enter');
    await page.locator('#docent-chat .docent-msg-user', { hasText: 'How do I install Lumen?' }).waitFor();
    // While pending: the typing dots, then the answer growing token by token.
    const assistant = page.locator('#docent-chat .docent-msg-assistant').last();
    await assistant.filter({ hasText: 'To install Lumen' }).waitFor();
    const partial = await assistant.textContent();
    expect(partial).not.toContain('--version');
    await assistant.locator('.docent-sources a').first().waitFor({ timeout: 30_000 });
    expect(await assistant.textContent()).toContain('npx lumen --version');
    expect(await assistant.locator('code').first().textContent()).toBe('npm install --save-dev @lumen/cli');
    const source = assistant.locator('.docent-sources a').first();
    expect(await source.getAttribute('href')).toContain('/demo/site/');
    expect(await source.getAttribute('target')).toBe('_blank');
    expect(await assistant.locator('time').textContent()).toMatch(/^\d\d:\d\d$/);
    // The conversation was renamed from its first question, and the header follows.
    await expect.poll(() => page.locator('#docent-chat .docent-panel-title').textContent()).not.toBe('New Chat');
    await shot(page, 'answer-desktop');

    // Keyboard: Tab stays inside the panel; Escape closes and gives focus back to the launcher.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.getElementById('docent-chat')!.shadowRoot!.activeElement?.closest('.docent-panel'))).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.getElementById('docent-chat')!.shadowRoot!.activeElement?.getAttribute('aria-label'))).toBe(
      'Open chat',
    );
    expect(problems).toEqual([]);

    // Reopening after a reload selects the existing conversation with its history.
    await page.reload();
    await launcher(page).click();
    await page.locator('#docent-chat .docent-msg-user', { hasText: 'How do I install Lumen?' }).waitFor();
    await context.close();
  });

  it('never executes script, onerror or javascript: links from an answer', async () => {
    const context = await offlineContext(browser, [stack.url]);
    const { page } = await demoPage(context);
    await launcher(page).click();
    await input(page).waitFor();
    llm.script({ kind: 'stream', deltas: XSS_ANSWER, delayMs: 50 });
    await input(page).fill('How do I install Lumen?');
    await input(page).press('Enter');
    const assistant = page.locator('#docent-chat .docent-msg-assistant').last();
    await assistant.filter({ hasText: 'Here you go' }).waitFor();
    // Settled: the stored answer replaced the streamed one and the input is back.
    await expect.poll(() => input(page).isEnabled(), { timeout: 30_000 }).toBe(true);
    await assistant.filter({ hasText: 'svg' }).waitFor();
    await page.waitForTimeout(500);
    const html = await assistant.innerHTML();
    expect(html).not.toMatch(/onerror|<script|javascript:|<iframe|<img/i);
    // A marker proves the page was not navigated away (which would also reset __pwned).
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const links = await assistant.locator('.docent-markdown a').all();
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) {
      // javascript: links lose their href; the <img> became a link to its own (harmless) URL,
      // loaded only if clicked: answers never load images.
      expect(['', 'x']).toContain(await link.getAttribute('href'));
      expect(await link.getAttribute('target')).toBe('_blank');
      await link.click({ force: true }).catch(() => undefined);
    }
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number; __marker?: number }).__marker)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('#docent-chat .docent-panel').isVisible()).toBe(true);
    await shot(page, 'xss-inert');
    await context.close();
  });

  it('grows the input to 200px, offers scroll-to-bottom when scrolled up, and passes axe inside the widget', async () => {
    const context = await offlineContext(browser, [stack.url]);
    const { page } = await demoPage(context);
    await launcher(page).click();
    await input(page).waitFor();
    await input(page).fill(Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n'));
    await expect.poll(() => input(page).evaluate((el) => el.getBoundingClientRect().height)).toBe(200);
    await input(page).fill('How do I install Lumen?');
    await expect.poll(() => input(page).evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(60);

    llm.script({ kind: 'stream', deltas: Array.from({ length: 40 }, (_, i) => `${i + 1}. Step number ${i + 1} of the long answer.\n`) });
    await input(page).press('Enter');
    await expect.poll(() => input(page).isEnabled(), { timeout: 30_000 }).toBe(true);
    await page.locator('#docent-chat .docent-msg-assistant', { hasText: 'Step number 40' }).waitFor();
    const scrollButton = page.locator('#docent-chat').getByRole('button', { name: 'Scroll to bottom' });
    const toBottom = async () => {
      await scrollButton.waitFor();
      await scrollButton.click();
      await expect
        .poll(() => page.locator('#docent-chat .docent-scroll').evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight), {
          timeout: 5000,
        })
        .toBeLessThan(2);
      await expect.poll(() => scrollButton.count()).toBe(0);
    };
    // The long answer is shown from its start (issue 39): its end is a button away.
    await toBottom();
    await page.locator('#docent-chat .docent-scroll').evaluate((el) => el.scrollTo({ top: 0 }));
    await toBottom();

    // axe-core inside the widget's shadow root (the demo page itself is deliberately ugly).
    await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (ctx: object, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { html: string }[] }[] }> };
        }
      ).axe;
      const result = await axe.run({ include: [['#docent-chat']] }, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' ; ')}`);
    });
    expect(violations).toEqual([]);
    await shot(page, 'long-answer');
    await context.close();
  });

  it('is full screen at 390px with the mobile sidebar and a fixed input bar', async () => {
    const context = await offlineContext(browser, [stack.url], { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const { page } = await demoPage(context);
    await launcher(page).click();
    await input(page).waitFor();
    const panel = (await page.locator('#docent-chat .docent-panel').boundingBox())!;
    expect([panel.x, panel.y, panel.width, panel.height]).toEqual([0, 0, 390, 844]);
    const composer = (await page.locator('#docent-chat .docent-composer').boundingBox())!;
    expect(Math.round(composer.y + composer.height)).toBe(844);
    expect(await page.locator('#docent-chat .docent-composer').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await shot(page, 'mobile-thread');
    await page.locator('#docent-chat').getByRole('button', { name: 'Conversations' }).click();
    const closeMenu = page.locator('#docent-chat').getByRole('button', { name: 'Close Menu' });
    await closeMenu.waitFor();
    expect(await page.locator('#docent-chat .docent-sidebar h3').textContent()).toBe('Conversations');
    await page.waitForTimeout(300);
    await shot(page, 'mobile-sidebar');
    await closeMenu.click();
    await expect.poll(() => page.locator('#docent-chat .docent-sidebar-open').count()).toBe(0);
    await context.close();
  });

  it("follows the page's dark class", async () => {
    const context = await offlineContext(browser, [stack.url]);
    const { page } = await demoPage(context);
    await launcher(page).click();
    await input(page).waitFor();
    const bg = () => page.locator('#docent-chat .docent-panel').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await bg()).toBe('rgb(255, 255, 255)');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expect.poll(bg).toBe('rgb(11, 18, 32)');
    await shot(page, 'dark-desktop');
    await context.close();
  });

  it('mounts once when loaded twice, and works with localStorage blocked', async () => {
    const context = await offlineContext(browser, [stack.url]);
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const { page, problems } = await demoPage(context, `bot=${botId}&twice=1`);
    await launcher(page).waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.querySelectorAll('script[src$="widget.js"]').length)).toBe(2);
    expect(await page.locator('#docent-chat .docent-launcher').count()).toBe(1);
    expect(
      await page.evaluate(() => document.getElementById('docent-chat')!.shadowRoot!.querySelectorAll('.docent-container').length),
    ).toBe(1);
    await launcher(page).click();
    await input(page).waitFor();
    llm.script({ kind: 'stream', deltas: ['Works without storage.'] });
    await input(page).fill('How do I install Lumen?');
    await input(page).press('Enter');
    await page.locator('#docent-chat .docent-msg-assistant', { hasText: 'Works without storage.' }).waitFor();
    expect(problems.filter((p) => !/insecure/i.test(p))).toEqual([]);
    await context.close();
  });

  it('says so clearly when the API is down, and recovers on Retry', async () => {
    const context = await offlineContext(browser, [stack.url]);
    const page = await context.newPage();
    await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
    await page.goto(`${stack.url}/demo/?bot=${botId}`);
    await launcher(page).click();
    const alert = page.locator('#docent-chat').getByText('The chat is unavailable right now. Please check your connection and try again.');
    await alert.waitFor();
    await shot(page, 'api-down');
    await page.unroute('**/api/v1/**');
    await page.locator('#docent-chat').getByRole('button', { name: 'Retry' }).click();
    await input(page).waitFor();
    await context.close();
  });
});

describe('widget on a page with truly global hostile CSS', () => {
  let secondBotId: string;
  beforeAll(async () => {
    secondBotId = await startSecondBot();
  });

  it('keeps the launcher and the open panel intact under `* {all: unset !important}`, `div {display:none !important}`, a 40px root font and content-box, and leaks nothing', async () => {
    const context = await offlineContext(browser, [stack.url]);
    const { page: bare } = await hostileGlobalPage(context, []);
    const baseline = await pageStyles(bare);
    // The hostile rules are real on the page itself.
    expect(baseline.find((l) => l.startsWith('div.page-box'))).toMatch(/^div\.page-box none\|/);
    expect(baseline.find((l) => l.startsWith('html '))).toContain('40px');
    expect(baseline.find((l) => l.startsWith('button.page-button'))).toContain('content-box');

    const { page, errors } = await hostileGlobalPage(context, [botId]);
    const launcherEl = launcher(page);
    await launcherEl.waitFor();
    // Widget CSS (the page-level <link> and the shadow copy) changes nothing on the page.
    expect(await pageStyles(page)).toEqual(baseline);

    const closed = await page.evaluate(() => {
      const host = document.getElementById('docent-chat')!;
      const shadow = host.shadowRoot!;
      const l = shadow.querySelector<HTMLElement>('.docent-launcher')!;
      const cs = getComputedStyle(l);
      const root = getComputedStyle(shadow.querySelector('.docent-root')!);
      const rect = l.getBoundingClientRect();
      const hit = shadow.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return {
        hostDisplay: getComputedStyle(host).display,
        hostVisibility: getComputedStyle(host).visibility,
        width: cs.width,
        height: cs.height,
        radius: cs.borderRadius,
        bg: cs.backgroundColor,
        border: cs.borderTopWidth,
        boxSizing: cs.boxSizing,
        position: cs.position,
        visibility: cs.visibility,
        opacity: cs.opacity,
        display: cs.display,
        rootFont: root.fontSize,
        rootFamily: root.fontFamily,
        textTransform: root.textTransform,
        letterSpacing: root.letterSpacing,
        color: root.color,
        align: root.textAlign,
        svg: getComputedStyle(l.querySelector('svg')!).width,
        right: Math.round(innerWidth - rect.right),
        bottom: Math.round(innerHeight - rect.bottom),
        onTop: !!hit && l.contains(hit),
      };
    });
    expect(closed).toMatchObject({
      hostDisplay: 'block',
      hostVisibility: 'visible',
      width: '56px',
      height: '56px',
      radius: '50%',
      bg: 'rgb(37, 99, 235)',
      border: '0px',
      boxSizing: 'border-box',
      position: 'fixed',
      visibility: 'visible',
      opacity: '1',
      display: 'flex',
      rootFont: '14px',
      textTransform: 'none',
      letterSpacing: 'normal',
      color: 'rgb(17, 24, 39)',
      align: 'left',
      svg: '26px',
      right: 20,
      bottom: 20,
      onTop: true,
    });
    expect(closed.rootFamily).not.toMatch(/Impact/);

    await launcherEl.click();
    const panel = page.locator('#docent-chat .docent-panel');
    await input(page).waitFor();
    const box = (await panel.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect([box.width, box.height]).toEqual([400, 600]);
    expect(Math.round(viewport.width - (box.x + box.width))).toBe(20);
    expect(Math.round(viewport.height - (box.y + box.height))).toBe(88);
    const open = await page.evaluate(() => {
      const shadow = document.getElementById('docent-chat')!.shadowRoot!;
      const cs = (sel: string) => getComputedStyle(shadow.querySelector(sel)!);
      return {
        panel: [
          cs('.docent-panel').display,
          cs('.docent-panel').visibility,
          cs('.docent-panel').backgroundColor,
          cs('.docent-panel').boxSizing,
        ].join('|'),
        title: [cs('.docent-panel-title').fontSize, cs('.docent-panel-title').textTransform].join('|'),
        input: [cs('.docent-input').fontSize, cs('.docent-input').boxSizing, cs('.docent-input').borderTopStyle].join('|'),
        head: cs('.docent-panel-head').display,
        iconButton: [cs('.docent-icon-button').width, cs('.docent-icon-button').height].join('|'),
      };
    });
    expect(open.panel).toBe('flex|visible|rgb(255, 255, 255)|border-box');
    expect(open.title).toBe('15px|none');
    expect(open.input).not.toMatch(/^48px|content-box|dashed/);
    expect(open.head).toBe('flex');
    expect(open.iconButton).toBe('34px|34px');
    expect(await page.locator('#docent-chat .docent-panel-title').isVisible()).toBe(true);
    expect(await pageStyles(page)).toEqual(baseline);

    // Escape closes the panel with focus on the launcher, too.
    await launcherEl.focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await launcherEl.getAttribute('aria-label')).toBe('Open chat');
    expect(errors).toEqual([]);
    await shot(page, 'hostile-global');
    await context.close();
  });

  it('stacks the launchers of several bots on one page instead of overlapping them', async () => {
    const context = await offlineContext(browser, [stack.url]);
    const { page, errors } = await hostileGlobalPage(context, [botId, secondBotId]);
    const first = launcher(page);
    const second = page.locator(`[data-bot-id="${secondBotId}"] .docent-launcher`);
    await first.waitFor();
    await second.waitFor();
    const viewport = page.viewportSize()!;
    const a = (await first.boundingBox())!;
    const b = (await second.boundingBox())!;
    expect([Math.round(viewport.width - a.x - a.width), Math.round(viewport.height - a.y - a.height)]).toEqual([20, 20]);
    expect([Math.round(viewport.width - b.x - b.width), Math.round(viewport.height - b.y - b.height)]).toEqual([20, 92]);
    expect(b.y + b.height).toBeLessThanOrEqual(a.y); // no overlap: the second sits above the first
    // Each opens its own panel above its own launcher.
    await second.click();
    const panel = page.locator(`[data-bot-id="${secondBotId}"] .docent-panel`);
    await panel.waitFor();
    const p = (await panel.boundingBox())!;
    expect(Math.round(viewport.height - p.y - p.height)).toBe(160);
    expect(p.y + p.height).toBeLessThanOrEqual(b.y);
    expect(await page.locator('#docent-chat .docent-panel').count()).toBe(0); // the first bot's panel was never opened
    await shot(page, 'two-bots');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the widget unstyled (not invisible) when widget.css cannot load', async () => {
    const context = await offlineContext(browser, [stack.url]);
    await context.route(`${stack.url}/widget/widget.css`, (route) => route.abort('connectionrefused'));
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto(`${stack.url}/demo/?bot=${botId}`);
    await expect.poll(() => launcher(page).isVisible(), { timeout: 15_000 }).toBe(true);
    await launcher(page).click();
    await input(page).waitFor();
    expect(warnings.some((w) => w.includes('[docent] could not load'))).toBe(true);
    await context.close();
  });
});
