import type { PageRenderer } from './browserPool.js';

/** How a crawl renders client-side apps (renderStage.ts); without it, no page is rendered. */
export interface RenderOptions {
  renderer: PageRenderer;
  /** CRAWL_ALLOW_HOSTS (requestPolicy.ts). */
  allowHosts: readonly string[];
  /** The owner's "render JavaScript" setting: every HTML page, not only app shells. */
  everyPage?: boolean;
  /** Per page: loading, running its scripts, reading the DOM. */
  timeoutMs: number;
}
