import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addScript, deliverPanel, panelScript, resetPage, runScript } from './scriptPage';

beforeEach(resetPage);
afterEach(() => vi.restoreAllMocks());

describe('widget.js loads the chat panel (widget-panel.js) on demand', () => {
  it('loads the panel script beside widget.js, with the nonce, only once the visitor opens the chat', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('{"success":true,"data":{"conversations":[]}}', { headers: { 'content-type': 'application/json' } }),
    );
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

      resetPage();
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
});
