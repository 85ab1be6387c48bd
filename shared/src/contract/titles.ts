/**
 * The titles the clients give a conversation before anything is asked (spec: the widget, the
 * /chat page's New Chat, and the conversation list that creates the first one). The server names
 * a conversation after its first question only while it still has one of these.
 */
export const DEFAULT_CONVERSATION_TITLES = {
  /** The widget, and the server when a create request has no title. */
  widget: 'New Chat',
  /** The dashboard's /chat page, New Chat button. */
  chatPage: 'New Conversation',
  /** The dashboard's conversation list when the bot has none yet. */
  conversationList: 'Untitled Conversation',
} as const;

const defaults: ReadonlySet<string> = new Set(Object.values(DEFAULT_CONVERSATION_TITLES));

/** Whether a conversation still has the title a client gave it at creation. */
export const isDefaultConversationTitle = (title: string): boolean => defaults.has(title);
