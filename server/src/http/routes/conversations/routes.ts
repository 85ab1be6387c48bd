import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DEFAULT_CONVERSATION_TITLES } from '../../../../../shared/src/contract/titles.js';
import { createConversation, readVisitorConversations } from '../../../db/repositories/conversations.js';
import { readVisitorMessages } from '../../../db/repositories/messages.js';
import { getPublicBot } from '../../../db/repositories/publicBotCache.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { assertOriginAllowed, checkEmbeddingOrigin } from '../../originPolicy.js';
import { presentConversation } from '../../presenters/conversation.js';
import { presentMessage } from '../../presenters/message.js';
import { presentPublicChatbot } from '../../presenters/publicChatbot.js';
import { ok } from '../../reply.js';
import { chatbotParamsSchema, okBody } from '../schemas.js';
import { withSchemas } from '../typed.js';
import {
  conversationListSchema,
  conversationSchema,
  messageListSchema,
  publicChatbotSchema,
} from '../../../../../shared/src/contract/visitorSchemas.js';
import { conversationParamsSchema, createConversationSchema, messageListQuerySchema, visitorQuerySchema } from './schema.js';

const DEFAULT_TITLE = DEFAULT_CONVERSATION_TITLES.widget;

/**
 * Visitor routes: anyone may chat with a bot; the visitor_id is the only credential, and every
 * conversation is visible only to the visitor that made it (others get 404, never 403).
 */
export function conversationRoutes(ctx: AppContext): FastifyPluginAsync {
  const params = chatbotParamsSchema;
  return async (plugin) => {
    const app = withSchemas(plugin);
    // The bot's public info comes from memory when current (db/repositories/publicBotCache.ts).
    const requireBot = async (request: FastifyRequest, id: string) => {
      const bot = await getPublicBot(ctx.db, id);
      if (!bot) throw notFound('Chatbot not found');
      assertOriginAllowed(request, bot.allowed_origins, ctx.config.dashboardOrigins, bot.language);
      return bot;
    };

    app.get('/chatbots/:id/public', { schema: { params, response: { 200: okBody(publicChatbotSchema) } } }, async (request) => {
      const { id } = request.params;
      return ok(presentPublicChatbot(await requireBot(request, id)));
    });

    const listed = { params, querystring: visitorQuerySchema, response: { 200: okBody(conversationListSchema) } };
    app.get('/chatbots/:id/conversations', { schema: listed }, async (request) => {
      const { id } = request.params;
      const { visitor_id } = request.query;
      await requireBot(request, id);
      // From memory when current: forgotten on every write to the visitor's conversations (conversationListCache.ts).
      return ok({ conversations: (await readVisitorConversations(ctx.db, id, visitor_id)).map(presentConversation) });
    });

    const created = { params, body: createConversationSchema, response: { 201: okBody(conversationSchema) } };
    app.post('/chatbots/:id/conversations', { schema: created }, async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      // Creating conversations writes rows: limit it per visitor as well as per IP.
      await ctx.limits.visitorConversation(body.visitor_id);
      await requireBot(request, id);
      const conversation = await createConversation(ctx.db, id, body.visitor_id, body.title || DEFAULT_TITLE);
      return reply.status(201).send(ok(presentConversation(conversation)));
    });

    const messages = {
      params: conversationParamsSchema,
      querystring: messageListQuerySchema,
      response: { 200: okBody(messageListSchema) },
    };
    app.get('/chatbots/:id/conversations/:conversationId/messages', { schema: messages }, async (request) => {
      const { id, conversationId } = request.params;
      const query = request.query;
      await checkEmbeddingOrigin(ctx, request, id);
      const rows = await readVisitorMessages(ctx.db, ctx.messageCache, id, conversationId, query.visitor_id, query.after, query.limit);
      if (!rows) throw notFound('Conversation not found');
      return ok({ messages: rows.map(presentMessage) });
    });
  };
}
