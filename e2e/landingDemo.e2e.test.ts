import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, offlineContext } from './helpers/browser';
import { SCREENSHOT_DIR, settle, shootRoute, THEMES, VIEWPORTS } from './helpers/screens';
import { startStack, type Stack } from './helpers/stack';

/**
 * The landing page's demo video (issue 39 item 9) in real Chromium against the real product: the
 * recorded media (`npm run demo:record`) are committed, small, served, lazily loaded and playable,
 * with a poster and captions.
 */
const MEDIA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dashboard/public/media');
const MEDIA = {
  webm: 'docent-demo.webm',
  mp4: 'docent-demo.mp4',
  poster: 'docent-demo-poster.jpg',
  captions: 'docent-demo.vtt',
};
const TWO_MB = 2 * 1024 * 1024;

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Every request the page makes for the demo's media, by path. */
function watchMedia(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req: Request) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/media/')) seen.push(url.pathname);
  });
  return seen;
}

const video = (page: Page) => page.locator('#demo video');

/** Waits until the video is not loading (preload="none": it suspends at once, with nothing fetched). */
const idle = (page: Page) =>
  page.waitForFunction(() => document.querySelector<HTMLVideoElement>('#demo video')?.networkState === HTMLMediaElement.NETWORK_IDLE);

describe('the demo video files', () => {
  it('are committed: a WebM and an MP4 under 2 MB each, a JPEG poster and WebVTT captions with a cue per step', () => {
    const webm = readFileSync(path.join(MEDIA_DIR, MEDIA.webm));
    const mp4 = readFileSync(path.join(MEDIA_DIR, MEDIA.mp4));
    expect(webm.length).toBeGreaterThan(50_000); // a real recording, not a placeholder
    expect(webm.length).toBeLessThan(TWO_MB);
    expect(mp4.length).toBeGreaterThan(50_000);
    expect(mp4.length).toBeLessThan(TWO_MB);
    // WebM: an EBML header whose DocType is "webm"; MP4: an ftyp box.
    expect(webm.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(webm.subarray(0, 64).includes(Buffer.from('webm'))).toBe(true);
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const poster = readFileSync(path.join(MEDIA_DIR, MEDIA.poster));
    expect(poster.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect(statSync(path.join(MEDIA_DIR, MEDIA.poster)).size).toBeLessThan(300_000);
    const vtt = readFileSync(path.join(MEDIA_DIR, MEDIA.captions), 'utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt.match(/-->/g)?.length ?? 0).toBeGreaterThanOrEqual(6);
    for (const step of [/sample site/i, /wizard/i, /embed/i, /public chat/i, /Sources/, /widget/i]) expect(vtt).toMatch(step);
  });

  it('are served by the product with their types, and the videos answer range requests (seeking)', async () => {
    const types: Record<keyof typeof MEDIA, RegExp> = {
      webm: /^video\/webm/,
      mp4: /^video\/mp4/,
      poster: /^image\/jpeg/,
      captions: /^text\/vtt/,
    };
    for (const [key, file] of Object.entries(MEDIA) as [keyof typeof MEDIA, string][]) {
      const res = await fetch(`${stack.url}/media/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(types[key]);
      expect((await res.arrayBuffer()).byteLength, file).toBe(statSync(path.join(MEDIA_DIR, file)).size);
    }
    const ranged = await fetch(`${stack.url}/media/${MEDIA.webm}`, { headers: { range: 'bytes=0-1023' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(1024);
  });
});

describe('the landing page in Chromium', () => {
  it('embeds the video with both sources, captions, controls and a label, and fetches none of its media on first load', async () => {
    const context = await offlineContext(browser, [stack.url]);
    const page = await context.newPage();
    const fetched = watchMedia(page);
    await page.goto(`${stack.url}/`);
    await settle(page);
    await page.waitForTimeout(1000);
    const v = video(page);
    expect(await v.count()).toBe(1);
    const shape = () =>
      v.evaluate((el: HTMLVideoElement) => ({
        preload: el.getAttribute('preload'),
        controls: el.controls,
        muted: el.muted,
        playsInline: el.hasAttribute('playsinline'),
        label: el.getAttribute('aria-label') ?? '',
        poster: el.getAttribute('poster'),
        sources: [...el.querySelectorAll('source')].map((s) => ({ src: new URL(s.src).pathname, type: s.type })),
        tracks: [...el.querySelectorAll('track')].map((t) => ({
          kind: t.kind,
          src: new URL(t.src).pathname,
          srclang: t.srclang,
          default: t.default,
        })),
      }));
    const first = await shape();
    expect(first.preload).toBe('none');
    expect(first.controls).toBe(true);
    expect(first.muted).toBe(true);
    expect(first.playsInline).toBe(true);
    expect(first.label).toMatch(/demo video/i);
    expect(first.sources).toEqual([
      { src: `/media/${MEDIA.webm}`, type: 'video/webm; codecs=vp9' },
      { src: `/media/${MEDIA.mp4}`, type: 'video/mp4' },
    ]);
    // Lazy: the page's first load asks for no video, no poster, no captions (the demo is below the fold).
    expect(first.poster).toBeNull();
    expect(first.tracks).toEqual([]);
    expect(fetched).toEqual([]);

    // Near the viewport: the poster and the captions come, the video still does not.
    await page.locator('#demo').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await shape()).poster).toBe(`/media/${MEDIA.poster}`);
    expect((await shape()).tracks).toEqual([{ kind: 'captions', src: `/media/${MEDIA.captions}`, srclang: 'en', default: true }]);
    await expect.poll(() => fetched.includes(`/media/${MEDIA.poster}`)).toBe(true);
    await expect.poll(() => fetched.includes(`/media/${MEDIA.captions}`)).toBe(true);
    await idle(page);
    await page.waitForTimeout(500);
    expect(fetched.filter((p) => /\.(webm|mp4)$/.test(p))).toEqual([]);
    await context.close();
  });

  it('plays the recording on Play, with captions showing each step', async () => {
    const context = await offlineContext(browser, [stack.url]);
    const page = await context.newPage();
    const fetched = watchMedia(page);
    await page.goto(`${stack.url}/#demo`);
    const v = video(page);
    await v.scrollIntoViewIfNeeded();
    await v.evaluate((el: HTMLVideoElement) => el.play());
    await expect.poll(() => v.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 20_000 }).toBeGreaterThan(1.5);
    // Chromium plays the first source it can: the WebM.
    expect(fetched).toContain(`/media/${MEDIA.webm}`);
    const state = await v.evaluate((el: HTMLVideoElement) => ({
      duration: el.duration,
      width: el.videoWidth,
      height: el.videoHeight,
      captionsMode: el.textTracks[0]?.mode,
      cues: el.textTracks[0]?.cues?.length ?? 0,
      active: [...(el.textTracks[0]?.activeCues ?? [])].map((c) => (c as VTTCue).text),
    }));
    expect(state.duration).toBeGreaterThan(20);
    expect(state.duration).toBeLessThan(120);
    expect([state.width, state.height]).toEqual([1280, 720]);
    expect(state.captionsMode).toBe('showing');
    expect(state.cues).toBeGreaterThanOrEqual(6);
    expect(state.active.join(' ')).toMatch(/\w{4,}/);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'landing-demo-playing-light-desktop.png') });

    // The MP4 (for browsers without VP9) plays too, where this Chromium has H.264.
    const h264 = await page.evaluate(() => document.createElement('video').canPlayType('video/mp4; codecs="avc1.64001f"'));
    if (h264) {
      const mp4Time = await page.evaluate(async (src) => {
        const el = document.createElement('video');
        el.muted = true;
        el.src = src;
        document.body.appendChild(el);
        await el.play();
        await new Promise((r) => setTimeout(r, 1500));
        return el.currentTime;
      }, `/media/${MEDIA.mp4}`);
      expect(mp4Time).toBeGreaterThan(0.5);
    }
    await context.close();
  });

  it('shows the demo in light and dark at 1280 and 390 px, with no serious axe violation', async () => {
    const context = await offlineContext(browser, [stack.url]);
    const page = await context.newPage();
    const result = await shootRoute(page, stack.url, '/', 'landing-demo', async (p) => {
      // Bring the video near so its poster is in the full-page shot, then go back to the top.
      await p.locator('#demo').scrollIntoViewIfNeeded();
      await p.waitForFunction(() => {
        const el = document.querySelector<HTMLVideoElement>('#demo video');
        return !!el?.poster;
      });
      await p.waitForLoadState('networkidle');
      await idle(p);
      await p.evaluate(() => window.scrollTo(0, 0));
    });
    expect(result.violations).toEqual([]);
    // The video keeps its 16:9 frame and fits the width at both sizes.
    for (const theme of THEMES) {
      for (const vp of VIEWPORTS) {
        await page.setViewportSize({ width: vp.width, height: vp.height });
        await page.goto(`${stack.url}/`);
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        await page.goto(`${stack.url}/`);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        const box = (await video(page).boundingBox())!;
        expect(box.width).toBeLessThanOrEqual(vp.width);
        expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.05);
        await page.locator('#demo').scrollIntoViewIfNeeded();
        await page.waitForLoadState('networkidle');
        await idle(page);
        await page.waitForTimeout(800); // Chromium's controls fade their load spinner out once the video suspends
        await page
          .locator('#demo')
          .screenshot({ path: path.join(SCREENSHOT_DIR, `landing-demo-section-${theme}-${vp.name}.png`), animations: 'disabled' });
      }
    }
    await context.close();
  });
});
