import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Runs the bundle's entry as a page would (a fresh module each time, like a second <script>). */
async function runScript() {
  vi.resetModules();
  await import('../src/main');
}

function addScript(attrs: Record<string, string> = {}) {
  const s = document.createElement('script');
  s.src = 'https://cdn.docent.test/widget/widget.js';
  for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, v);
  document.head.appendChild(s);
  return s;
}

/** The panel script the launcher added to the page (jsdom does not fetch it), if any. */
const panelScript = () => document.head.querySelector<HTMLScriptElement>('script[src$="widget-panel.js"]');

/** Plays the browser's part: runs widget-panel.js's entry, then fires the tag's load event. */
async function deliverPanel() {
  await vi.waitFor(() => expect(panelScript()).toBeTruthy());
  await import('../src/panelEntry');
  panelScript()!.dispatchEvent(new Event('load'));
}

type DocentChat = { mount(root?: Element): void; unmount(root?: Element): void };
const globals = window as unknown as { DocentChat?: DocentChat; __docentWidget__?: unknown };

beforeEach(() => {
  globals.DocentChat?.unmount();
  delete globals.DocentChat;
  delete globals.__docentWidget__;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('widget.js bootstrap', () => {
  it('mounts into #docent-chat with an open shadow root and loads widget.css next to the script', async () => {
    addScript({ 'data-nonce': 'n0nce' });
    document.body.innerHTML = '<div id="docent-chat" data-bot-id="bot-a"></div>';
    await runScript();
    const host = document.getElementById('docent-chat')!;
    expect(host.shadowRoot?.mode).toBe('open');
    const link = host.shadowRoot!.querySelector('link')!;
    expect(link.href).toBe('https://cdn.docent.test/widget/widget.css');
    expect(link.nonce).toBe('n0nce');
    // Unstyled content never shows: hidden until the stylesheet has loaded.
    expect(host.shadowRoot!.querySelector<HTMLElement>('.docent-container')!.hidden).toBe(true);
    link.dispatchEvent(new Event('load'));
    expect(host.shadowRoot!.querySelector<HTMLElement>('.docent-container')!.hidden).toBe(false);
  });

  it('mounts once when the script is loaded twice', async () => {
    addScript();
    addScript();
    document.body.innerHTML = '<div id="docent-chat" data-bot-id="bot-a"></div>';
    await runScript();
    await runScript();
    const host = document.getElementById('docent-chat')!;
    expect(host.shadowRoot!.querySelectorAll('.docent-container')).toHaveLength(1);
    expect(host.shadowRoot!.querySelectorAll('link')).toHaveLength(1);
  });

  it('gives several bots on one page each their own root', async () => {
    addScript();
    document.body.innerHTML = '<div data-docent-bot-id="bot-a"></div><section><div data-bot-id="bot-b"></div></section>';
    await runScript();
    const roots = document.querySelectorAll<HTMLElement>('[data-docent-mounted]');
    expect(roots).toHaveLength(2);
    for (const r of roots) expect(r.shadowRoot!.querySelector('.docent-launcher, .docent-container')).toBeTruthy();
  });

  it("creates a host when the root is missing but the script names a bot", async () => {
    addScript({ 'data-bot-id': 'bot-z' });
    await runScript();
    const host = document.querySelector<HTMLElement>('[data-docent-mounted]')!;
    expect(host.getAttribute('data-bot-id')).toBe('bot-z');
    expect(host.parentElement).toBe(document.body);
    expect(host.shadowRoot).toBeTruthy();
  });

  it('uses data-api-base when given, else the script origin', async () => {
    const fetch = vi.fn(async () => new Response('{"success":true,"data":{"conversations":[]}}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    addScript({ 'data-api-base': 'https://api.other.test' });
    document.body.innerHTML = '<div id="docent-chat" data-bot-id="bot-a"></div>';
    await runScript();
    const shadow = document.getElementById('docent-chat')!.shadowRoot!;
    await vi.waitFor(() => expect(shadow.querySelector('.docent-launcher')).toBeTruthy());
    shadow.querySelector<HTMLButtonElement>('.docent-launcher')!.click();
    await deliverPanel();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/^https:\/\/api\.other\.test\/api\/v1\/chatbots\/bot-a\/conversations\?visitor_id=visitor-/);
    vi.unstubAllGlobals();
  });

  it('loads the panel script beside widget.js, with the nonce, only once the visitor opens the chat', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"success":true,"data":{"conversations":[]}}', { headers: { 'content-type': 'application/json' } }));
    addScript({ 'data-nonce': 'n0nce', 'data-prefetch': 'false' });
    document.body.innerHTML = '<div id="docent-chat" data-bot-id="bot-a"></div><div data-bot-id="bot-b"></div>';
    await runScript();
    const [a, b] = [...document.querySelectorAll('[data-docent-mounted]')].map((el) => el.shadowRoot!);
    expect(a!.querySelector('.docent-launcher')!.getAttribute('aria-label')).toBe('Open chat');
    await new Promise((r) => setTimeout(r, 50));
    expect(panelScript()).toBeNull(); // the launcher alone until asked
    a!.querySelector<HTMLButtonElement>('.docent-launcher')!.click();
    b!.querySelector<HTMLButtonElement>('.docent-launcher')!.click();
    await vi.waitFor(() => expect(panelScript()).toBeTruthy());
    expect(document.querySelectorAll('script[src$="widget-panel.js"]')).toHaveLength(1); // one load for every widget
    expect(panelScript()!.src).toBe('https://cdn.docent.test/widget/widget-panel.js');
    expect(panelScript()!.nonce).toBe('n0nce');
    expect(a!.querySelector('.docent-launcher')!.getAttribute('aria-busy')).toBe('true');
    await deliverPanel();
    for (const shadow of [a!, b!]) {
      await vi.waitFor(() => expect(shadow.querySelector('.docent-panel')).toBeTruthy());
      expect(shadow.querySelector('.docent-launcher')!.getAttribute('aria-label')).toBe('Close chat');
      expect(shadow.querySelector('.docent-launcher')!.hasAttribute('aria-busy')).toBe(false);
    }
    vi.unstubAllGlobals();
  });

  it('fetches the panel when the page is idle, or when the pointer nears the bubble with prefetch off', async () => {
    vi.useFakeTimers();
    try {
      addScript();
      document.body.innerHTML = '<div id="docent-chat" data-bot-id="bot-a"></div>';
      await runScript();
      expect(panelScript()).toBeNull();
      await vi.advanceTimersByTimeAsync(5000);
      expect(panelScript()).toBeTruthy();
      expect(localStorage.getItem('visitor_id')).toBeNull(); // fetching the panel is not opening it

      globals.DocentChat!.unmount();
      delete globals.__docentWidget__;
      document.head.innerHTML = '';
      addScript({ 'data-prefetch': 'false' });
      document.body.innerHTML = '<div id="docent-chat" data-bot-id="bot-a"></div>';
      await runScript();
      await vi.advanceTimersByTimeAsync(5000);
      expect(panelScript()).toBeNull();
      // jsdom lays nothing out: the bubble's box is at (0,0), so a pointer at (100,100) is near it.
      document.dispatchEvent(new MouseEvent('pointermove', { clientX: 100, clientY: 100 }));
      expect(panelScript()).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so, and tries again on the next click, when the panel script cannot load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    addScript({ 'data-prefetch': 'false' });
    document.body.innerHTML = '<div id="docent-chat" data-bot-id="bot-a"></div>';
    await runScript();
    const launcher = document.getElementById('docent-chat')!.shadowRoot!.querySelector<HTMLButtonElement>('.docent-launcher')!;
    launcher.click();
    await vi.waitFor(() => expect(panelScript()).toBeTruthy());
    panelScript()!.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('[docent] could not load the chat panel', expect.any(Error)));
    expect(panelScript()).toBeNull();
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    launcher.click();
    await vi.waitFor(() => expect(panelScript()).toBeTruthy());
  });

  it('keeps the host visible against page CSS that hides divs', async () => {
    addScript();
    document.body.innerHTML = '<style>div{display:none !important}</style><div id="docent-chat" data-bot-id="bot-a"></div>';
    await runScript();
    expect(getComputedStyle(document.getElementById('docent-chat')!).display).toBe('block');
  });

  it('shows the widget unstyled, with a warning, when widget.css cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    addScript();
    document.body.innerHTML = '<div id="docent-chat" data-bot-id="bot-a"></div>';
    await runScript();
    const shadow = document.getElementById('docent-chat')!.shadowRoot!;
    const container = shadow.querySelector<HTMLElement>('.docent-container')!;
    expect(container.hidden).toBe(true);
    shadow.querySelector('link')!.dispatchEvent(new Event('error'));
    expect(container.hidden).toBe(false);
    expect(warn).toHaveBeenCalledWith('[docent] could not load', 'https://cdn.docent.test/widget/widget.css', expect.stringContaining('unstyled'));
    await vi.waitFor(() => expect(shadow.querySelector('.docent-launcher')).toBeTruthy());
  });

  it("creates its own host (kept visible by inline !important) from the script tag's data-bot-id", async () => {
    addScript({ 'data-bot-id': 'bot-z' });
    document.body.innerHTML = '<style>div{display:none !important} *{all:unset !important}</style><p>page</p>';
    await runScript();
    const host = document.querySelector<HTMLElement>('[data-docent-mounted]')!;
    expect(host.id).toBe('docent-chat');
    expect(host.style.getPropertyPriority('display')).toBe('important');
    expect(getComputedStyle(host).display).toBe('block');
    expect(getComputedStyle(host).visibility).toBe('visible');
  });

  it('exposes window.DocentChat: mount() later roots, unmount() tears down and removes the host', async () => {
    addScript();
    document.body.innerHTML = '<div id="docent-chat" data-bot-id="bot-a"></div>';
    await runScript();
    const api = globals.DocentChat!;
    expect(typeof api.mount).toBe('function');
    expect(typeof api.unmount).toBe('function');
    const first = document.getElementById('docent-chat')!;
    await vi.waitFor(() => expect(first.shadowRoot!.querySelector('.docent-launcher')).toBeTruthy());

    // A root added after the script ran (a single-page app) is mounted on request, one launcher higher.
    const later = document.createElement('div');
    later.setAttribute('data-bot-id', 'bot-b');
    document.body.appendChild(later);
    api.mount(later);
    api.mount(later); // idempotent
    expect(later.shadowRoot!.querySelectorAll('.docent-container')).toHaveLength(1);
    expect(later.shadowRoot!.querySelector<HTMLElement>('.docent-container')!.style.getPropertyValue('--docent-slot')).toBe('1');
    expect(first.shadowRoot!.querySelector<HTMLElement>('.docent-container')!.style.getPropertyValue('--docent-slot')).toBe('');

    // Teardown: the Preact tree is rendered away (render(null)) and the host leaves the page.
    const launcher = first.shadowRoot!.querySelector('.docent-launcher')!;
    api.unmount(first);
    expect(launcher.isConnected).toBe(false);
    expect(first.shadowRoot!.childNodes).toHaveLength(0);
    expect(first.isConnected).toBe(false);
    expect(later.isConnected).toBe(true);

    // The freed bottom place goes to the next widget.
    const again = document.createElement('div');
    again.setAttribute('data-bot-id', 'bot-c');
    document.body.appendChild(again);
    api.mount(again);
    expect(again.shadowRoot!.querySelector<HTMLElement>('.docent-container')!.style.getPropertyValue('--docent-slot')).toBe('');

    // A second copy of the script keeps the first API (one registry per page).
    await runScript();
    expect(globals.DocentChat).toBe(api);
    api.unmount();
    expect(document.querySelectorAll('[data-docent-mounted]')).toHaveLength(0);
  });
});
