import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addScript, deliverPanel, globals, resetPage, runScript } from './scriptPage';

beforeEach(resetPage);
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

  it('creates a host when the root is missing but the script names a bot', async () => {
    addScript({ 'data-bot-id': 'bot-z' });
    await runScript();
    const host = document.querySelector<HTMLElement>('[data-docent-mounted]')!;
    expect(host.getAttribute('data-bot-id')).toBe('bot-z');
    expect(host.parentElement).toBe(document.body);
    expect(host.shadowRoot).toBeTruthy();
  });

  it('uses data-api-base when given, else the script origin', async () => {
    const fetch = vi.fn(
      async () => new Response('{"success":true,"data":{"conversations":[]}}', { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    addScript({ 'data-api-base': 'https://api.other.test' });
    document.body.innerHTML = '<div id="docent-chat" data-bot-id="bot-a"></div>';
    await runScript();
    const shadow = document.getElementById('docent-chat')!.shadowRoot!;
    await vi.waitFor(() => expect(shadow.querySelector('.docent-launcher')).toBeTruthy());
    shadow.querySelector<HTMLButtonElement>('.docent-launcher')!.click();
    await deliverPanel();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(
      /^https:\/\/api\.other\.test\/api\/v1\/chatbots\/bot-a\/bootstrap\?visitor_id=visitor-/,
    );
    vi.unstubAllGlobals();
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
    expect(warn).toHaveBeenCalledWith(
      '[docent] could not load',
      'https://cdn.docent.test/widget/widget.css',
      expect.stringContaining('unstyled'),
    );
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
