import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Signs in on /login the way an offline user of `npm start` does: the Google popup cannot load
 * Google's script (the test context is offline), the page says so and offers the emulator-only
 * local sign-in, which takes an email.
 */
export async function signInThroughLogin(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const emailBox = page.getByLabel('Email for a local account');
  await emailBox.waitFor({ timeout: 40_000 });
  await emailBox.fill(email);
  await page.getByRole('button', { name: 'Sign in locally' }).click();
  await page.waitForURL(`${baseUrl}/app`, { timeout: 30_000 });
}

/** The URL Firebase Auth loads (with `?onload=…`) before it can open its popup, and the emulator's helper frame loads too. */
export const GOOGLE_API_SCRIPT = /^https:\/\/apis\.google\.com\/js\/api\.js(\?.*)?$/;
const STAND_IN = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/gapi-stand-in.js'), 'utf8');

/**
 * Serves e2e/fixtures/gapi-stand-in.js in place of Google's api.js for every page and frame of the
 * context (registered after the offline rule, so it wins). Returns the list of URLs it answered.
 */
export async function routeGoogleApiToStandIn(context: BrowserContext): Promise<string[]> {
  const served: string[] = [];
  await context.route(GOOGLE_API_SCRIPT, (route) => {
    served.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: STAND_IN });
  });
  return served;
}

/**
 * Signs in through the real popup path: 'Sign in with Google' → signInWithPopup(GoogleAuthProvider)
 * → the auth emulator's account chooser in a popup → a new Google account → back on /app.
 */
export async function signInThroughGooglePopup(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  const popupOpened = page.waitForEvent('popup', { timeout: 40_000 });
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/\/emulator\/auth\/handler\?/);
  await popup.locator('.js-new-account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill(email.split('@')[0]!);
  await popup.locator('#sign-in').click();
  await page.waitForURL(`${baseUrl}/app`, { timeout: 30_000 });
}
