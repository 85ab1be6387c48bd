import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_CONVERSATION_TITLES } from '../../../../../shared/src/contract/titles.js';
import { createConversation, type ConversationRow } from '../../../db/repositories/conversations.js';
import { getPublicBot } from '../../../db/repositories/publicBotCache.js';
import { openVisitorChat } from '../../../db/repositories/visitorOpening.js';
import type { AppContext } from '../../context.js';
import { HttpError, notFound } from '../../errors.js';
import { assertOriginAllowed } from '../../originPolicy.js';
import { presentConversation } from '../../presenters/conversation.js';
import { presentMessage } from '../../presenters/message.js';
import { presentPublicChatbot } from '../../presenters/publicChatbot.js';
import { ok } from '../../reply.js';
import { chatbotParamsSchema, okBody } from '../schemas.js';
import { bootstrapQuerySchema } from '../../../../../shared/src/contract/querySchemas.js';
import { withSchemas } from '../typed.js';
import { chatBootstrapSchema } from '../../../../../shared/src/contract/visitorSchemas.js';

/** The landing conversation's messages sent along (the message listing's largest page); the widget pages in the rest. */
export const BOOTSTRAP_MESSAGES = 200;

export { bootstrapQuerySchema };

/**
 * GET /chatbots/{id}/bootstrap: everything a chat panel needs to open, in one response (issue #40):
 * the bot's public info, the visitor's conversations and the messages of the one they land in. A GET
 * (no body, no custom header), so a widget on another site opens without a CORS preflight. Scoped
 * exactly like the visitor routes it stands for: the visitor_id sees only its own conversations, the
 * bot's allowed origins apply, an unknown or deleted bot is 404 'Chatbot not found'.
 */
export function bootstrapRoutes(ctx: AppContext): FastifyPluginAsync {
  // Creating writes a row: the same per-visitor limit as POST …/conversations. Over it, the visitor
  // opens without a conversation ('No Conversation Selected'), as a failed creation leaves the widget.
  const createLanding = async (botId: string, visitorId: string): Promise<ConversationRow | undefined> => {
    try {
      await ctx.limits.visitorConversation(visitorId);
    } catch (err) {
      if (err instanceof HttpError && err.status === 429) return undefined;
      throw err;
    }
    return createConversation(ctx.db, botId, visitorId, DEFAULT_CONVERSATION_TITLES.widget);
  };

  const schema = { params: chatbotParamsSchema, querystring: bootstrapQuerySchema, response: { 200: okBody(chatBootstrapSchema) } };
  return async (plugin) => {
    const app = withSchemas(plugin);
    app.get('/chatbots/:id/bootstrap', { schema }, async (request) => {
      const { id } = request.params;
      const { visitor_id, create } = request.query;
      const bot = await getPublicBot(ctx.db, id);
      if (!bot) throw notFound('Chatbot not found');
      assertOriginAllowed(request, bot.allowed_origins, ctx.config.dashboardOrigins, bot.language);

      // At most one database round trip: the conversations and the newest one's messages together,
      // or none when both are held in memory (db/repositories/visitorOpening.ts).
      let { conversations: rows, messages } = await openVisitorChat(ctx.db, ctx.messageCache, id, visitor_id, BOOTSTRAP_MESSAGES);
      if (!rows.length && create === 'true') {
        const made = await createLanding(id, visitor_id);
        if (made) [rows, messages] = [[made], []];
      }
      const conversations = rows.map(presentConversation);
      // The newest (the listing's first), as the clients' landingConversation (shared/src/chat/landing.ts) picks.
      const landing = conversations[0];
      return ok({
        chatbot: presentPublicChatbot(bot),
        conversations,
        conversation_id: landing?.id ?? null,
        messages: messages.map(presentMessage),
      });
    });
  };
}
