/**
 * The launcher's two icons as markup (the launcher is plain DOM, no Preact), drawn like the chat's
 * icons in shared/src/chat/icons.tsx. Constant strings: nothing from the page or the API goes in.
 */
const svg = (size: number, path: string) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${path}"/></svg>`;

export const CHAT_ICON = svg(26, 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z');
export const CLOSE_ICON = svg(18, 'M18 6 6 18M6 6l12 12');
