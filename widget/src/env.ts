import { safeStorage, type KeyValueStore } from '../../shared/src/storage';
import type { PanelModule } from './panelContract';

/**
 * The widget's one door to the host page's globals (window, document, localStorage), so tests
 * have a single seam and nothing else in the widget touches the page directly.
 */
export const doc = (): Document => document;
export const win = (): Window => window;

let store: KeyValueStore | null = null;
/** localStorage when the page allows it, memory otherwise (sandboxed iframes, blocked cookies). */
export function storage(): KeyValueStore {
  return (store ??= safeStorage(() => window.localStorage));
}

/** The <script> element running this bundle (document.currentScript works for classic/defer scripts). */
export function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  const all = document.querySelectorAll<HTMLScriptElement>('script[src*="widget.js"]');
  return all[all.length - 1] ?? null;
}

/** Runs fn once the document has been parsed (defer scripts already are; async ones may not be). */
export function whenReady(fn: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn, { once: true });
  else fn();
}

/** One mounted widget: its teardown and its place in the stack of launchers (0 = bottom). */
export interface Mounted {
  teardown: () => void;
  slot: number;
}

/** The page-wide state every copy of both bundles shares. */
export interface Registry {
  mounted: Map<Element, Mounted>;
  /** Set by widget-panel.js when it runs. */
  panel?: PanelModule;
  /** The one in-flight load of widget-panel.js, however many widgets (or copies of widget.js) asked. */
  panelLoad?: Promise<PanelModule>;
}

/** Per-page registry shared by every copy of the bundle, so a page that loads it twice mounts once. */
export function registry(): Registry {
  const key = '__docentWidget__';
  const w = window as unknown as Record<string, Registry | undefined>;
  return (w[key] ??= { mounted: new Map() });
}
