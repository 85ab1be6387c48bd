import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { exportOwnerConversations, getOwnerConversation, listOwnerConversations } from '../../../db/repositories/insightsConversations.js';
import { summaryCounts } from '../../../db/repositories/insightsSummary.js';
import { listUnansweredQuestions, setReplyWrong, setReviewStatus } from '../../../db/repositories/insightsUnanswered.js';
import { groupQuestions } from '../../../insights/groupQuestions.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { requireOwnedChatbot } from '../../owner.js';
import {
  presentExportedConversation,
  presentInsightConversationDetail,
  presentInsightConversationPage,
} from '../../presenters/insightConversations.js';
import { presentSummary, presentUnansweredGroups, windowStart } from '../../presenters/insightReports.js';
import { ok } from '../../reply.js';
import { chatbotParamsSchema, okBody } from '../schemas.js';
import { signedIn, signedInFirst, withSchemas } from '../typed.js';
import {
  insightConversationDetailSchema,
  insightConversationPageSchema,
  insightExportSchema,
  insightSummarySchema,
  reviewResultSchema,
  unansweredListSchema,
  verdictResultSchema,
} from '../../../../../shared/src/contract/insightSchemas.js';
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
  const params = chatbotParamsSchema;
  return async (plugin) => {
    const app = withSchemas(plugin);
    app.addHook('preValidation', signedInFirst(ctx));

    const listed = { params, querystring: insightConversationListQuerySchema, response: { 200: okBody(insightConversationPageSchema) } };
    app.get('/chatbots/:id/insights/conversations', { schema: listed }, async (request) => {
      const user = signedIn(request);
      const { id } = request.params;
      const query = request.query;
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const found = await listOwnerConversations(ctx.db, id, { search: query.q, page: query.page, limit: query.limit });
      return ok(presentInsightConversationPage(found, query.page, query.limit));
    });

    // JSON (the envelope), or with format=csv one row per message.
    const asCsv = z.string().describe('format=csv: one row per message, with its conversation’s fields.');
    const exportBodies = { 'application/json': { schema: okBody(insightExportSchema) }, 'text/csv': { schema: asCsv } };
    const exported = { params, querystring: insightExportQuerySchema, response: { 200: { content: exportBodies } } };
    app.get('/chatbots/:id/insights/conversations/export', { schema: exported }, async (request, reply) => {
      const user = signedIn(request);
      const { id } = request.params;
      const { format } = request.query;
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const conversations = (await exportOwnerConversations(ctx.db, id)).map(presentExportedConversation);
      const name = `conversations-${id}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(conversationsCsv(conversations));
      return ok({ chatbot_id: id, exported_at: new Date().toISOString(), conversations });
    });

    const conversation = { params: insightConversationParamsSchema, response: { 200: okBody(insightConversationDetailSchema) } };
    app.get('/chatbots/:id/insights/conversations/:conversationId', { schema: conversation }, async (request) => {
      const user = signedIn(request);
      const { id, conversationId } = request.params;
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const detail = await getOwnerConversation(ctx.db, id, conversationId);
      if (!detail) throw notFound('Conversation not found');
      return ok(presentInsightConversationDetail(detail));
    });

    const unanswered = { params, querystring: unansweredQuerySchema, response: { 200: okBody(unansweredListSchema) } };
    app.get('/chatbots/:id/insights/unanswered', { schema: unanswered }, async (request) => {
      const user = signedIn(request);
      const { id } = request.params;
      const { status } = request.query;
      await requireOwnedChatbot(ctx.db, id, user.uid);
      return ok({ status, groups: presentUnansweredGroups(groupQuestions(await listUnansweredQuestions(ctx.db, id, status))) });
    });

    // The owner works through the list: an entry (all its replies) is done, dismissed, or open again.
    const review = { params, body: reviewBodySchema, response: { 200: okBody(reviewResultSchema) } };
    app.post('/chatbots/:id/insights/unanswered/review', { schema: review }, async (request) => {
      const user = signedIn(request);
      const { id } = request.params;
      const body = request.body;
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const updated = await setReviewStatus(ctx.db, id, body.reply_ids, body.status);
      if (updated === 0) throw notFound('Reply not found');
      return ok({ status: body.status, updated });
    });

    // From the conversation view: a reply the owner marks wrong counts as unanswered.
    const verdict = { params: replyParamsSchema, body: verdictBodySchema, response: { 200: okBody(verdictResultSchema) } };
    app.put('/chatbots/:id/insights/replies/:messageId/verdict', { schema: verdict }, async (request) => {
      const user = signedIn(request);
      const { id, messageId } = request.params;
      const { wrong } = request.body;
      await requireOwnedChatbot(ctx.db, id, user.uid);
      if (!(await setReplyWrong(ctx.db, id, messageId, wrong))) throw notFound('Reply not found');
      return ok({ message_id: messageId, marked_wrong: wrong });
    });

    app.get('/chatbots/:id/insights/summary', { schema: { params, response: { 200: okBody(insightSummarySchema) } } }, async (request) => {
      const user = signedIn(request);
      const { id } = request.params;
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const since = windowStart(new Date());
      return ok(presentSummary(await summaryCounts(ctx.db, id, since), since));
    });
  };
}
