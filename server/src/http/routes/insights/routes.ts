import type { FastifyPluginAsync } from 'fastify';
import { exportOwnerConversations, getOwnerConversation, listOwnerConversations } from '../../../db/repositories/insightsConversations.js';
import { summaryCounts } from '../../../db/repositories/insightsSummary.js';
import { listUnansweredQuestions } from '../../../db/repositories/insightsUnanswered.js';
import { groupQuestions } from '../../../insights/groupQuestions.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { requireOwnedChatbot, requireUser } from '../../owner.js';
import {
  presentExportedConversation,
  presentInsightConversationDetail,
  presentInsightConversationPage,
} from '../../presenters/insightConversations.js';
import { presentSummary, presentUnansweredGroups, windowStart } from '../../presenters/insightReports.js';
import { ok } from '../../reply.js';
import { parse } from '../../validate.js';
import { chatbotParamsSchema } from '../schemas.js';
import { conversationsCsv } from './exportCsv.js';
import { insightConversationListQuerySchema, insightConversationParamsSchema, insightExportQuerySchema } from './schema.js';

/**
 * Owner insights (issue 18): the owner reads what visitors asked their bot. Owner-only and scoped to
 * the owner's bot (another owner's: 404). The visitor's own /chatbots/:id/conversations routes are
 * separate and unchanged.
 */
export function insightRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/chatbots/:id/insights/conversations', async (request) => {
      const user = await requireUser(ctx, request);
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      const query = parse(insightConversationListQuerySchema, request.query, 'query');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const found = await listOwnerConversations(ctx.db, id, { search: query.q, page: query.page, limit: query.limit });
      return ok(presentInsightConversationPage(found, query.page, query.limit));
    });

    app.get('/chatbots/:id/insights/conversations/export', async (request, reply) => {
      const user = await requireUser(ctx, request);
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      const { format } = parse(insightExportQuerySchema, request.query, 'query');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const conversations = (await exportOwnerConversations(ctx.db, id)).map(presentExportedConversation);
      const name = `conversations-${id}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(conversationsCsv(conversations));
      return ok({ chatbot_id: id, exported_at: new Date().toISOString(), conversations });
    });

    app.get('/chatbots/:id/insights/conversations/:conversationId', async (request) => {
      const user = await requireUser(ctx, request);
      const { id, conversationId } = parse(insightConversationParamsSchema, request.params, 'path');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const detail = await getOwnerConversation(ctx.db, id, conversationId);
      if (!detail) throw notFound('Conversation not found');
      return ok(presentInsightConversationDetail(detail));
    });

    app.get('/chatbots/:id/insights/unanswered', async (request) => {
      const user = await requireUser(ctx, request);
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      return ok({ groups: presentUnansweredGroups(groupQuestions(await listUnansweredQuestions(ctx.db, id))) });
    });

    app.get('/chatbots/:id/insights/summary', async (request) => {
      const user = await requireUser(ctx, request);
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const since = windowStart(new Date());
      return ok(presentSummary(await summaryCounts(ctx.db, id, since), since));
    });
  };
}
