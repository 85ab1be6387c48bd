import { doc, registry } from './env';
import type { PanelLoader, PanelModule } from './panelContract';

/**
 * A loader that adds widget-panel.js (at src) to the page once, with the page's CSP nonce, and
 * resolves to the module it registers. A failed load is forgotten, so the next open tries again.
 */
export function panelScriptLoader(src: string, nonce?: string): PanelLoader {
  return () => {
    const reg = registry();
    if (reg.panel) return Promise.resolve(reg.panel);
    reg.panelLoad ??= new Promise<PanelModule>((resolve, reject) => {
      const script = doc().createElement('script');
      script.src = src;
      script.async = true;
      if (nonce) script.nonce = nonce;
      const fail = (why: string) => {
        script.remove();
        reg.panelLoad = undefined;
        reject(new Error(`${src}: ${why}`));
      };
      script.addEventListener('load', () => (reg.panel ? resolve(reg.panel) : fail('it registered no panel')), { once: true });
      script.addEventListener('error', () => fail('it could not be loaded'), { once: true });
      doc().head.appendChild(script);
    });
    return reg.panelLoad;
  };
}
