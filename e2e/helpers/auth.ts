import type { Page } from 'playwright-core';

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
