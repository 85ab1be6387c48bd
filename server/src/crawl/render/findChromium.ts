import { accessSync, constants } from 'node:fs';

/**
 * Where the crawler's Chromium is: CHROMIUM_PATH when set, else the first of the usual system
 * paths that exists (Debian's `chromium`, Ubuntu's, Google Chrome, macOS). Never downloads one.
 */
const USUAL_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** Why a client-rendered page could not be read: names CHROMIUM_PATH so the owner (or operator) knows what to set. */
export class RenderUnavailableError extends Error {
  override name = 'RenderUnavailableError';
}

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The browser to launch; throws RenderUnavailableError (naming CHROMIUM_PATH) when there is none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (executable(configured)) return configured;
    throw new RenderUnavailableError(
      `This page builds its text with JavaScript, and CHROMIUM_PATH (${configured}) is not an executable browser, so it could not be rendered`,
    );
  }
  const found = USUAL_PATHS.find(executable);
  if (found) return found;
  throw new RenderUnavailableError(
    'This page builds its text with JavaScript, and no Chromium was found to render it: install one (apt-get install chromium) or set CHROMIUM_PATH to its path',
  );
}
