import { useEffect } from 'react';

/** The page API that widget.js defines (widget/README.md). */
export interface DocentChatApi {
  mount(root?: Element): void;
  unmount(root?: Element): void;
}
type WidgetWindow = Window & { DocentChat?: DocentChatApi };

export const WIDGET_SCRIPT = '/widget/widget.js';
export const WIDGET_STYLESHEET = '/widget/widget.css';
let loading: Promise<DocentChatApi> | null = null;

/** Loads widget.js once per page (like a customer's site) and resolves to its global API. */
export function loadWidget(): Promise<DocentChatApi> {
  const w = window as WidgetWindow;
  if (w.DocentChat) return Promise.resolve(w.DocentChat);
  loading ??= new Promise<DocentChatApi>((resolve, reject) => {
    if (!document.querySelector(`link[href="${WIDGET_STYLESHEET}"]`)) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = WIDGET_STYLESHEET;
      document.head.appendChild(link);
    }
    const script = document.createElement('script');
    script.src = WIDGET_SCRIPT;
    script.async = true;
    script.addEventListener('load', () => (w.DocentChat ? resolve(w.DocentChat) : reject(new Error('widget.js defined no DocentChat'))));
    script.addEventListener('error', () => reject(new Error('widget.js could not be loaded')));
    document.body.appendChild(script);
  }).catch((err: unknown) => {
    loading = null; // a later visit may try again
    throw err;
  });
  return loading;
}

/** Tests: forget a pending load. */
export function resetWidgetLoader(): void {
  loading = null;
}

/**
 * Hosts the bot's floating widget on this page, exactly as a customer's site would: a root element
 * with data-bot-id, mounted by widget.js (loaded once). Leaving the page (or switching bots)
 * unmounts it through `DocentChat.unmount`, which stops the widget and removes its host.
 */
export function useFloatingWidget(botId: string | undefined): void {
  useEffect(() => {
    if (!botId) return;
    const root = document.createElement('div');
    root.id = 'docent-chat';
    root.dataset.botId = botId;
    document.body.appendChild(root);
    let active = true;
    let chat: DocentChatApi | null = null;
    loadWidget().then(
      (api) => {
        if (!active) return;
        chat = api;
        api.mount(root);
      },
      (err: unknown) => console.error('The chat widget could not be loaded', err),
    );
    return () => {
      active = false;
      chat?.unmount(root);
      root.remove();
    };
  }, [botId]);
}
