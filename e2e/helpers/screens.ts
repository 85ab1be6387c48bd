import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { seriousAxeViolations, type AxeViolation } from './browser';

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
export const THEMES = ['light', 'dark'] as const;

/** Waits until no spinner is on screen (bounded: some pages poll forever). */
export async function settle(page: Page, ms = 10_000): Promise<void> {
  await page.waitForLoadState('load');
  await page
    .waitForFunction(() => !document.querySelector('.spinner, [aria-busy="true"]'), undefined, { timeout: ms })
    .catch(() => undefined);
  await page.waitForTimeout(250);
}

export interface RouteShotResult {
  route: string;
  violations: (AxeViolation & { theme: string; viewport: string })[];
}

/**
 * Opens `route` in both themes at 1280 and 390 px, writes a screenshot of each to
 * e2e/screenshots/<name>-<theme>-<viewport>.png and runs axe-core on each.
 */
export async function shootRoute(
  page: Page,
  baseUrl: string,
  route: string,
  name: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<RouteShotResult> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const result: RouteShotResult = { route, violations: [] };
  for (const theme of THEMES) {
    for (const vp of VIEWPORTS) {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      // The theme is stored from a page of the stack's origin: the one already open if it is one
      // (the previous shot's), else its landing page (a navigation less per shot).
      if (new URL(page.url()).origin !== new URL(baseUrl).origin) await page.goto(`${baseUrl}/`);
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto(`${baseUrl}${route}`);
      await settle(page);
      if (prepare) await prepare(page);
      const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
      if (dark !== (theme === 'dark')) throw new Error(`${route}: expected the ${theme} theme`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${theme}-${vp.name}.png`), fullPage: true, animations: 'disabled' });
      for (const v of await seriousAxeViolations(page)) result.violations.push({ ...v, theme, viewport: vp.name });
    }
  }
  return result;
}
