// `npm run demo:record`: records the landing page's demo video from the real product.
//
// Starts Docent as `npm start` does, on a temporary data dir (PGlite, the auth emulator, extractive
// answers: no LLM, so the answers shown are the product's own), signs in off camera, and drives
// Chromium through the walkthrough in scripts/record-demo/walkthrough.ts while the DevTools
// screencast records what it paints. Debian's ffmpeg then writes, into dashboard/public/media/:
//   docent-demo.webm (VP9), docent-demo.mp4 (H.264), each under 2 MB,
//   docent-demo-poster.jpg (the cited answer on the public chat page) and
//   docent-demo.vtt (a caption for each step).
// Run it again whenever the UI changes; the landing page picks the new files up at the next build.
//
//   npm run demo:record                      (builds the front ends first)
//   node --import tsx scripts/record-demo.ts [--keep-frames] [--out=DIR]   (DIR: elsewhere, to look before replacing)
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInThroughLogin } from '../e2e/helpers/auth';
import { launchBrowser, offlineContext } from '../e2e/helpers/browser';
import { startStack } from '../e2e/helpers/stack';
import { encodeAll, type Mark } from './record-demo/encode';
import { installPointer } from './record-demo/pointer';
import { Screencast } from './record-demo/screencast';
import { walkthrough } from './record-demo/walkthrough';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO_MEDIA_DIR = path.join(ROOT, 'dashboard/public/media');
const DEMO_NAME = 'docent-demo';
/** The video's frame: 720p, the size the landing page shows it at (its column is 1100 px wide). */
const SIZE = { width: 1280, height: 720 };

async function main(): Promise<void> {
  const keepFrames = process.argv.includes('--keep-frames');
  const outArg = process.argv.find((a) => a.startsWith('--out='));
  const outDir = outArg ? path.resolve(outArg.slice('--out='.length)) : DEMO_MEDIA_DIR;
  const workDir = mkdtempSync(path.join(tmpdir(), 'docent-demo-'));
  mkdirSync(outDir, { recursive: true });
  console.log('Starting Docent on a temporary data dir…');
  // No LLM_BASE_URL: extractive answers, as a fresh `npm start` gives.
  const stack = await startStack({ env: { LLM_BASE_URL: '', LLM_API_KEY: '', LLM_MODEL: '' } });
  const browser = await launchBrowser();
  try {
    const context = await offlineContext(browser, [stack.url, `http://127.0.0.1:${stack.authEmulatorPort}`], {
      viewport: SIZE,
      deviceScaleFactor: 1,
      colorScheme: 'light',
      reducedMotion: 'no-preference',
    });
    await context.addInitScript(() => localStorage.setItem('theme', 'light'));
    await installPointer(context);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);

    console.log('Signing in (off camera)…');
    await signInThroughLogin(page, stack.url, 'owner@lumen.example');

    // Start on a blank page so the first frame is the landing page, not the dashboard.
    await page.goto('about:blank');
    const screencast = new Screencast(workDir, SIZE);
    const marks: Mark[] = [];
    const mark = (text: string) => {
      marks.push({ text, at: Date.now() / 1000 });
      console.log(`  ${text}`);
    };
    console.log('Recording the walkthrough…');
    await page.goto(`${stack.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screencast.start(page);
    const { posterAt } = await walkthrough(page, stack.url, mark);
    const end = Date.now() / 1000;
    const frames = await screencast.stop();
    await context.close();
    console.log(`${frames.length} frames over ${(end - (frames[0]?.at ?? end)).toFixed(1)} s; encoding…`);

    const out = encodeAll({ frames, marks, end, posterAt, workDir, outDir, name: DEMO_NAME });
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    console.log(`  ${path.relative(ROOT, out.webm.file)}: ${kb(out.webm.bytes)} (VP9, crf ${out.webm.quality})`);
    if (out.mp4) console.log(`  ${path.relative(ROOT, out.mp4.file)}: ${kb(out.mp4.bytes)} (H.264, crf ${out.mp4.quality})`);
    console.log(`  ${path.relative(ROOT, out.poster)}`);
    console.log(`  ${path.relative(ROOT, out.captions)}`);
  } catch (err) {
    console.error(`Recording failed. The server's last lines:\n${stack.logs.slice(-30).join('\n')}`);
    throw err;
  } finally {
    await browser.close();
    await stack.stop();
    if (keepFrames) console.log(`Frames kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
