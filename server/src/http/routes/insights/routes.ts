import type { FastifyPluginAsync } from 'fastify';
import { exportOwnerConversations, getOwnerConversation, listOwnerConversations } from '../../../db/repositories/insightsConversations.js';
import { summaryCounts } from '../../../db/repositories/insightsSummary.js';
import { listUnansweredQuestions, setReplyWrong, setReviewStatus } from '../../../db/repositories/insightsUnanswered.js';
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
import {
  insightConversationListQuerySchema,
  insightConversationParamsSchema,
  insightExportQuerySchema,
  replyParamsSchema,
  reviewBodySchema,
  unansweredQuerySchema,
  verdictBodySchema,
} from './schema.js';

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
      const { status } = parse(unansweredQuerySchema, request.query, 'query');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      return ok({ status, groups: presentUnansweredGroups(groupQuestions(await listUnansweredQuestions(ctx.db, id, status))) });
    });

    // The owner works through the list: an entry (all its replies) is done, dismissed, or open again.
    app.post('/chatbots/:id/insights/unanswered/review', async (request) => {
      const user = await requireUser(ctx, request);
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      const body = parse(reviewBodySchema, request.body, 'body');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const updated = await setReviewStatus(ctx.db, id, body.reply_ids, body.status);
      if (updated === 0) throw notFound('Reply not found');
      return ok({ status: body.status, updated });
    });

    // From the conversation view: a reply the owner marks wrong counts as unanswered.
    app.put('/chatbots/:id/insights/replies/:messageId/verdict', async (request) => {
      const user = await requireUser(ctx, request);
      const { id, messageId } = parse(replyParamsSchema, request.params, 'path');
      const { wrong } = parse(verdictBodySchema, request.body, 'body');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      if (!(await setReplyWrong(ctx.db, id, messageId, wrong))) throw notFound('Reply not found');
      return ok({ message_id: messageId, marked_wrong: wrong });
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
