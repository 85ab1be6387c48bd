import type { Conversation } from '../api/types';

/**
 * Which conversation a visitor lands in, one rule for the widget and /chat. The caller creates a
 * conversation (with its own default title) where these find none.
 */

/** Opening a bot's chat (spec §2): its first conversation, the newest. */
export const landingConversation = (list: readonly Conversation[]): Conversation | undefined => list[0];

/** New Chat: one nobody has written in yet, so clicking it twice makes one empty conversation, not two. */
export const reusableConversation = (list: readonly Conversation[]): Conversation | undefined => list.find((c) => c.message_count === 0);
