import { Parser } from 'htmlparser2';

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
 * The signals the decision rests on. `stopAtText`: stop reading once this much text is seen (the
 * counts are then partial): every page of a crawl is asked, and a page with text is known early.
 */
export function shellSignals(html: string, stopAtText = Infinity): ShellSignals {
  const signals: ShellSignals = { textChars: 0, scripts: 0, mountPoint: false, asksForScript: false };
  let hiddenDepth = 0;
  let inNoscript = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'script') signals.scripts++;
        if (name === 'noscript') inNoscript = true;
        if (HIDDEN.has(name)) hiddenDepth++;
        const id = (attribs.id ?? '').toLowerCase();
        if (
          MOUNT_IDS.has(id) ||
          name === 'app-root' ||
          'ng-version' in attribs ||
          'data-reactroot' in attribs ||
          'data-v-app' in attribs ||
          'ng-app' in attribs
        )
          signals.mountPoint = true;
      },
      onclosetag(name) {
        if (name === 'noscript') inNoscript = false;
        if (HIDDEN.has(name) && hiddenDepth > 0) hiddenDepth--;
      },
      ontext(text) {
        if (inNoscript && /javascript/i.test(text)) signals.asksForScript = true;
        if (hiddenDepth === 0) signals.textChars += text.replace(/\s+/g, '').length;
        if (signals.textChars >= stopAtText) parser.pause();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return signals;
}

/** True when the page is an app shell: scripts, almost no text, and a mount point or a plea for JavaScript. */
export function looksLikeAppShell(html: string): boolean {
  const s = shellSignals(html, SHELL_MAX_TEXT);
  return s.scripts > 0 && s.textChars < SHELL_MAX_TEXT && (s.mountPoint || s.asksForScript);
}
