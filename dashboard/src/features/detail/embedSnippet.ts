/** The embed snippet of DESIGN §5 for a bot, served by `origin`. */
export function embedSnippet(origin: string, botId: string): string {
  return [
    `<link rel="stylesheet" href="${origin}/widget/widget.css">`,
    `<div id="docent-chat" data-bot-id="${botId}"></div>`,
    `<script src="${origin}/widget/widget.js" defer></script>`,
  ].join('\n');
}

/** The public chat link of a bot. */
export function publicChatLink(origin: string, botId: string): string {
  return `${origin}/chat/${botId}/conversations`;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
