import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../server/test/answer/fakeLlm';
import { signInThroughLogin } from './helpers/auth';
import { launchBrowser, offlineContext } from './helpers/browser';
import { startStack, type Stack } from './helpers/stack';

/**
 * Issue 18, visitor-facing bot settings, in real Chromium against the real product: the owner sets a
 * greeting, starter questions and an allowed domain on the detail page; a visitor of /chat sees the
 * greeting, asks a starter question, gets an answer and rates it (kept across a reload); the widget
 * works on the allowed site and says it is unavailable on another one. Only the LLM is faked.
 */
let stack: Stack;
let llm: FakeLlm;
let browser: Browser;
let botId: string;
const OWNER = 'settings-owner@example.com';
// Customer sites on this machine (a page on a public origin may not load a loopback server: Chromium's
// private network access rules): one host server, as the allowed origin and as another one.
let site: Server;
let ALLOWED: string;
let REFUSED: string;
const GREETING = 'Welcome to the Lumen docs assistant!';
const STARTER = 'How do I install Lumen?';

/** The same Google account the dashboard's local sign-in makes for OWNER (see firebaseAuth.ts stableSub). */
function stableSub(email: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const ch of email.toLowerCase()) {
    hash ^= BigInt(ch.codePointAt(0) ?? 0);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return `1${hash.toString().padStart(20, '0')}`;
}
async function ownerToken(): Promise<string> {
  const claims = { sub: stableSub(OWNER), email: OWNER, email_verified: true, name: 'settings-owner' };
  const res = await fetch(
    `http://127.0.0.1:${stack.authEmulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  if (!res.ok) throw new Error(`emulator sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** A bot of OWNER's from the bundled sample site, its crawl completed. */
async function createSampleBot(): Promise<string> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${await ownerToken()}` };
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
    if (tasks.data[0]?.status === 'completed') return id;
    if (tasks.data[0]?.status === 'failed') throw new Error(`crawl failed: ${tasks.data[0]?.error}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('crawl did not finish in time');
}

/** A customer's page embedding the widget from the stack: a real server of its own, reached as two origins. */
function startHostSite(): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Shop</title><link rel="stylesheet" href="${stack.url}/widget/widget.css"></head>
<body><h1>Our shop</h1><div id="docent-chat" data-bot-id="${botId}"></div><script src="${stack.url}/widget/widget.js" defer></script></body></html>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function hostPage(context: BrowserContext, origin: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.locator('#docent-chat .docent-launcher').click();
  return page;
}

beforeAll(async () => {
  llm = await startFakeLlm([{ kind: 'stream', deltas: ['Run ', '`npm install --save-dev @lumen/cli`', ' to install Lumen.'] }]);
  stack = await startStack({ env: { LLM_BASE_URL: llm.url, LLM_API_KEY: 'test-key', LLM_MODEL: 'fake-model' } });
  browser = await launchBrowser();
  botId = await createSampleBot();
  site = await startHostSite();
  const { port } = site.address() as AddressInfo;
  ALLOWED = `http://127.0.0.1:${port}`;
  REFUSED = `http://localhost:${port}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => (site ? site.close(r) : r(undefined)));
  await stack?.stop();
  await llm?.close();
});

describe('visitor-facing bot settings', () => {
  it('the owner sets a greeting, starter questions and an allowed domain on the detail page', async () => {
    const context = await offlineContext(browser, [stack.url, `http://127.0.0.1:${stack.authEmulatorPort}`]);
    const page = await context.newPage();
    await signInThroughLogin(page, stack.url, OWNER);
    await page.goto(`${stack.url}/app/chatbots/${botId}`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Visitor Experience' }) });
    await card.getByLabel('Greeting').fill(GREETING);
    await card.getByLabel('Starter question 1').fill(STARTER);
    await card.getByLabel('Starter question 2').fill('Is there a command-line tool?');
    await card.getByLabel('Allowed domains').fill(`${ALLOWED}/`);
    await card.getByRole('button', { name: 'Save Visitor Settings' }).click();
    await card.getByText('Visitor settings saved.').waitFor();
    // The server's normal form of the domain replaces what was typed.
    expect(await card.getByLabel('Allowed domains').inputValue()).toBe(ALLOWED);
    await page.reload();
    await card.getByLabel('Greeting').waitFor();
    expect(await card.getByLabel('Greeting').inputValue()).toBe(GREETING);
    expect(await card.getByLabel('Starter question 2').inputValue()).toBe('Is there a command-line tool?');
    await context.close();
  });

  it('a visitor of /chat sees the greeting, asks a starter question, and a thumbs up survives a reload', async () => {
    const context = await offlineContext(browser, [stack.url]);
    const page = await context.newPage();
    await page.goto(`${stack.url}/chat/${botId}/conversations`);
    await page.waitForURL(new RegExp(`/chat/${botId}/conversations/[0-9a-f-]{36}$`));
    await page.getByText(GREETING).waitFor();
    await page.getByRole('button', { name: STARTER }).click();
    await page.getByText('to install Lumen.').waitFor({ timeout: 30_000 });
    // The question went out as the visitor's message; the greeting and starters gave way to the thread.
    expect(await page.locator('[data-role="user"]').textContent()).toContain(STARTER);
    expect(await page.getByText(GREETING).count()).toBe(0);

    const helpful = page.getByRole('button', { name: 'Helpful', exact: true });
    expect(await helpful.getAttribute('aria-pressed')).toBe('false');
    const stored = page.waitForResponse((r) => r.url().endsWith('/feedback') && r.request().method() === 'PUT');
    await helpful.click();
    expect((await stored).status()).toBe(200);
    await page.reload();
    await page.getByText('to install Lumen.').waitFor();
    expect(await page.getByRole('button', { name: 'Helpful', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });

  it('the widget works on the allowed site and says it is unavailable on another one', async () => {
    const context = await offlineContext(browser, [stack.url, ALLOWED, REFUSED]);
    const allowed = await hostPage(context, ALLOWED);
    await allowed.locator('#docent-chat').getByText(GREETING).waitFor();
    expect(await allowed.locator('#docent-chat').getByRole('button', { name: STARTER }).count()).toBe(1);

    const refused = await hostPage(context, REFUSED);
    const alert = refused.locator('#docent-chat').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This chatbot is not available on this website.');
    expect(await refused.locator('#docent-chat').getByPlaceholder('Type your message...').count()).toBe(0);
    await context.close();
  });

  it('a German bot speaks German on /chat and in the widget (issue 38)', async () => {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${await ownerToken()}` };
    const res = await fetch(`${stack.url}/api/v1/chatbots/${botId}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ language: 'de' }),
    });
    expect(res.status).toBe(200);
    const context = await offlineContext(browser, [stack.url, ALLOWED]);
    const page = await context.newPage();
    await page.goto(`${stack.url}/chat/${botId}/conversations`);
    await page.getByPlaceholder('Nachricht eingeben...').fill('Hallo!');
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await page.getByText('Hallo! Fragen Sie mich alles zu dieser Website').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { name: 'Chatverlauf' }).count()).toBe(1);
    const widget = (await hostPage(context, ALLOWED)).locator('#docent-chat');
    await widget.getByPlaceholder('Nachricht eingeben...').waitFor();
    await context.close();
  });
});
