import type { StartTexts } from '../../shared/src/messages/types';

/**
 * What the launcher (widget.js) and the chat panel (widget-panel.js) agree on. The two are separate
 * bundles: the launcher paints the bubble at once; the panel (Preact, markdown, sanitizer) arrives on
 * first open or earlier, when the page is idle or the pointer nears the bubble.
 */
export interface PanelProps {
  apiBase: string;
  botId: string;
  open: boolean;
  onClose: () => void;
  /** The language the launcher guessed for the bot, and its texts there: what the panel shows until the bot's info arrives. */
  start?: { lang: string; texts: StartTexts };
  /** Tells the launcher the bot's language and its words for opening and closing the chat, once its info has come. */
  onLanguage?: (lang: string, texts: { openChat: string; closeChat: string }) => void;
}

/** The panel bundle's whole API, registered on the page-wide registry (env.ts) when it runs. */
export interface PanelModule {
  /** Renders (or re-renders with new props) the panel into slot, a div in the widget's shadow root. */
  render(slot: HTMLElement, props: PanelProps): void;
  /** Tears the panel down (Preact render(null)); the slot stays for the launcher to remove. */
  unmount(slot: HTMLElement): void;
}

/** Resolves to the panel module, loading it once per page however many widgets ask. */
export type PanelLoader = () => Promise<PanelModule>;
