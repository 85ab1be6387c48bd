import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, offlineContext } from './helpers/browser';
import { startStack, type Stack } from './helpers/stack';

/**
 * What a new owner meets on a fresh `npm start` with no internet (issue: first run polish), in real
 * Chromium against the real product and auth emulator.
 */
let stack: Stack;
let browser: Browser;
let basePort: number;
const dataDir = mkdtempSync(path.join(tmpdir(), 'docent-first-run-'));

beforeAll(async () => {
  stack = await startStack({ ownAuthEmulator: true, env: { DATA_DIR: dataDir } });
  basePort = stack.port; // the restart reuses this origin (the browser keeps its session per origin)
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('first run, offline', () => {
  it('signs in locally from the first click, and a restart of the server keeps the owner signed in', async () => {
    const context = await offlineContext(browser, [stack.url, `http://127.0.0.1:${stack.authEmulatorPort}`]);
    const page = await context.newPage();
    await page.goto(`${stack.url}/login`);
    // Offered at once in emulator mode: no failed Google popup first.
    const email = page.getByLabel('Email for a local account');
    await email.waitFor({ timeout: 30_000 });
    await email.fill('first-run@example.com');
    await page.getByRole('button', { name: 'Sign in locally' }).click();
    await page.waitForURL(`${stack.url}/app`, { timeout: 30_000 });
    await page.locator('.sidebar-user[title="first-run@example.com"]').waitFor({ timeout: 30_000 });

    // Restart the whole product on the same data and origin, then come back.
    await stack.stop();
    stack = await startStack({ basePort, ownAuthEmulator: true, env: { DATA_DIR: dataDir } });
    await page.goto(`${stack.url}/app/chatbots`);
    await page.locator('.sidebar-user[title="first-run@example.com"]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2000); // Firebase checks the stored session against the emulator meanwhile
    expect(new URL(page.url()).pathname).toBe('/app/chatbots');
    await page.locator('.sidebar-user[title="first-run@example.com"]').waitFor();

    // A chosen logout stays logged out, restart or not.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(`${stack.url}/login`, { timeout: 15_000 });
    await page.goto(`${stack.url}/app`);
    await page.waitForURL(`${stack.url}/login`, { timeout: 15_000 });
    await context.close();
  });
});
