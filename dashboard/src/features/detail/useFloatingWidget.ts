import { useEffect } from 'react';

/**
 * Hosts the bot's floating widget on this page, exactly as a customer's site would: the widget's
 * stylesheet, a root element with data-bot-id, and the script. Removed again on unmount.
 */
export function useFloatingWidget(botId: string | undefined): void {
  useEffect(() => {
    if (!botId) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/widget/widget.css';
    link.dataset.docentDashboard = '';
    const root = document.createElement('div');
    root.id = 'docent-chat';
    root.dataset.botId = botId;
    root.dataset.docentDashboard = '';
    const script = document.createElement('script');
    // A fresh query per bot makes the browser run the script again for a new root.
    script.src = `/widget/widget.js?bot=${encodeURIComponent(botId)}`;
    script.defer = true;
    script.dataset.docentDashboard = '';
    document.head.appendChild(link);
    document.body.appendChild(root);
    document.body.appendChild(script);
    return () => {
      const w = window as unknown as { DocentChat?: { unmount?: () => void; destroy?: () => void } };
      try {
        w.DocentChat?.unmount?.();
        w.DocentChat?.destroy?.();
      } catch {
        // the widget may not expose a teardown; removing its host is enough
      }
      root.remove();
      script.remove();
      link.remove();
    };
  }, [botId]);
}
