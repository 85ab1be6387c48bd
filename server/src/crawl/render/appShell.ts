/**
 * Is this HTML a client-rendered app's empty shell (React, Vue, Angular, Svelte, Preact…)? Such a
 * page sends almost no text, a mount element for the app and the scripts that build the page in
 * the browser; only a browser can read it. Decided from the HTML alone, in one streaming pass
 * (linear on hostile input, no tree built), before the page is extracted.
 */

/** Below this many visible characters (spaces excluded) the server sent no real content. */
export const SHELL_MAX_TEXT = 200;

/** Ids frameworks mount into (create-react-app and Vite templates, Next, Nuxt, Gatsby, Vue CLI, SvelteKit). */
const MOUNT_IDS = new Set(['root', 'app', '__next', '__nuxt', '___gatsby', 'svelte', 'main', 'application', 'react-root', 'vue-app']);
/** Tags whose text a visitor never reads as page content. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'title', 'iframe', 'object']);

export interface ShellSignals {
  /** Tags read (at most SHELL_MAX_TAGS + 1: the scan stops there). */
  tags: number;
  /** Visible text characters, spaces excluded. */
  textChars: number;
  /** <script> elements (inline or with src). */
  scripts: number;
  /** A framework's mount point: a known id, Angular's <app-root>/ng-version, data-reactroot, data-server-rendered. */
  mountPoint: boolean;
  /** A <noscript> that asks for JavaScript ("You need to enable JavaScript to run this app"). */
  asksForScript: boolean;
}

/**
 * More tags than an app's empty shell ever has (a shell is a head, a mount element and scripts; a
 * server-rendered page of text has thousands): past it the page is read as having markup of its
 * own, and the scan stops, so a page of 200,000 nested elements costs a few milliseconds.
 */
export const SHELL_MAX_TAGS = 10_000;

/** Elements whose content is raw text up to their closing tag (never markup). */
const RAW_TEXT = ['script', 'style'];

/** Attributes that mark a framework's mount point on any element. */
const MOUNT_ATTRIBUTES = /\s(?:ng-version|data-reactroot|data-v-app|ng-app)(?:[\s=/]|$)/;
const ID_ATTRIBUTE = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/;

/**
 * The signals the decision rests on. `stopAtText`: stop reading once this much text is seen (the
 * counts are then partial): every page of a crawl is asked, and a page with text is known early.
 *
 * A scanner of its own rather than a parser: it runs on the main thread for every crawled page, so
 * it must be linear on hostile input. It keeps no stack (htmlparser2's Parser took 35-50 s over
 * 200,000 nested <div>s, freezing the server), finds every end with indexOf from where it stands,
 * and treats an unterminated comment or tag as the end of the page's content.
 */
export function shellSignals(html: string, stopAtText = Infinity): ShellSignals {
  const signals: ShellSignals = { tags: 0, textChars: 0, scripts: 0, mountPoint: false, asksForScript: false };
  const lower = html.toLowerCase();
  let hiddenDepth = 0;
  let inNoscript = false;
  let i = 0;
  while (i < html.length && signals.textChars < stopAtText && signals.tags <= SHELL_MAX_TAGS) {
    const lt = html.indexOf('<', i);
    const text = html.slice(i, lt === -1 ? html.length : lt);
    if (inNoscript && /javascript/i.test(text)) signals.asksForScript = true;
    if (hiddenDepth === 0) signals.textChars += text.replace(/\s+/g, '').length;
    if (lt === -1) break;
    if (lower.startsWith('<!--', lt)) {
      const close = lower.indexOf('-->', lt + 4);
      if (close === -1) break;
      i = close + 3;
      continue;
    }
    const gt = html.indexOf('>', lt + 1);
    if (gt === -1) break;
    const tag = /^(\/?)([a-z][\w:-]*)/.exec(lower.slice(lt + 1, Math.min(gt, lt + 64)));
    i = gt + 1;
    if (!tag) continue;
    signals.tags++;
    const [, closing, name] = tag as unknown as [string, string, string];
    if (closing) {
      if (name === 'noscript') inNoscript = false;
      if (HIDDEN.has(name) && hiddenDepth > 0) hiddenDepth--;
      continue;
    }
    const attributes = lower.slice(lt + 1 + name.length, gt);
    const id = ID_ATTRIBUTE.exec(attributes);
    if (name === 'app-root' || MOUNT_ATTRIBUTES.test(attributes) || (id && MOUNT_IDS.has((id[1] ?? id[2] ?? id[3])!))) {
      signals.mountPoint = true;
    }
    if (name === 'script') signals.scripts++;
    if (RAW_TEXT.includes(name)) {
      // Its content is code, not text: go on after its closing tag (or stop: the rest is inside it).
      const close = lower.indexOf(`</${name}`, i);
      if (close === -1) break;
      i = close;
      continue;
    }
    if (attributes.endsWith('/')) continue; // <svg/>, <iframe/>: nothing opened
    if (name === 'noscript') inNoscript = true;
    if (HIDDEN.has(name)) hiddenDepth++;
  }
  return signals;
}

/** True when the page is an app shell: little markup, scripts, almost no text, and a mount point or a plea for JavaScript. */
export function looksLikeAppShell(html: string): boolean {
  const s = shellSignals(html, SHELL_MAX_TEXT);
  return s.tags <= SHELL_MAX_TAGS && s.scripts > 0 && s.textChars < SHELL_MAX_TEXT && (s.mountPoint || s.asksForScript);
}
