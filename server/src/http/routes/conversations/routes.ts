import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DEFAULT_CONVERSATION_TITLES } from '../../../../../shared/src/contract/titles.js';
import { createConversation, listVisitorConversations } from '../../../db/repositories/conversations.js';
import { readVisitorMessages } from '../../../db/repositories/messages.js';
import { getPublicBot } from '../../../db/repositories/publicBotCache.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { assertOriginAllowed, checkEmbeddingOrigin } from '../../originPolicy.js';
import { presentConversation } from '../../presenters/conversation.js';
import { presentMessage } from '../../presenters/message.js';
import { presentPublicChatbot } from '../../presenters/publicChatbot.js';
import { ok } from '../../reply.js';
import { parse } from '../../validate.js';
import { chatbotParamsSchema } from '../schemas.js';
import { conversationParamsSchema, createConversationSchema, messageListQuerySchema, visitorQuerySchema } from './schema.js';

const DEFAULT_TITLE = DEFAULT_CONVERSATION_TITLES.widget;

/**
 * Visitor routes: anyone may chat with a bot; the visitor_id is the only credential, and every
 * conversation is visible only to the visitor that made it (others get 404, never 403).
 */
export function conversationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // The bot's public info comes from memory when current (db/repositories/publicBotCache.ts).
    const requireBot = async (request: FastifyRequest, id: string) => {
      const bot = await getPublicBot(ctx.db, id);
      if (!bot) throw notFound('Chatbot not found');
      assertOriginAllowed(request, bot.allowed_origins, ctx.config.dashboardOrigins, bot.language);
      return bot;
    };

    app.get('/chatbots/:id/public', async (request) => {
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      return ok(presentPublicChatbot(await requireBot(request, id)));
    });

    app.get('/chatbots/:id/conversations', async (request) => {
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      const { visitor_id } = parse(visitorQuerySchema, request.query, 'query');
      await requireBot(request, id);
      return ok({ conversations: (await listVisitorConversations(ctx.db, id, visitor_id)).map(presentConversation) });
    });

    app.post('/chatbots/:id/conversations', async (request, reply) => {
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      const body = parse(createConversationSchema, request.body, 'body');
      // Creating conversations writes rows: limit it per visitor as well as per IP.
      await ctx.limits.visitorConversation(body.visitor_id);
      await requireBot(request, id);
      const conversation = await createConversation(ctx.db, id, body.visitor_id, body.title || DEFAULT_TITLE);
      return reply.status(201).send(ok(presentConversation(conversation)));
    });

    app.get('/chatbots/:id/conversations/:conversationId/messages', async (request) => {
      const { id, conversationId } = parse(conversationParamsSchema, request.params, 'path');
      const query = parse(messageListQuerySchema, request.query, 'query');
      await checkEmbeddingOrigin(ctx, request, id);
      const messages = await readVisitorMessages(ctx.db, ctx.messageCache, id, conversationId, query.visitor_id, query.after, query.limit);
      if (!messages) throw notFound('Conversation not found');
      return ok({ messages: messages.map(presentMessage) });
    });
  };
}
