import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { setMessageFeedback } from '../../../db/repositories/feedback.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { checkEmbeddingOrigin } from '../../originPolicy.js';
import { ok } from '../../reply.js';
import { okBody, REQUESTS, uuidSchema } from '../schemas.js';
import { withSchemas } from '../typed.js';
import { feedbackResultSchema } from '../../../../../shared/src/contract/visitorSchemas.js';

export const feedbackParamsSchema = z.object({ id: uuidSchema, conversationId: uuidSchema, messageId: uuidSchema });

export const feedbackBodySchema = REQUESTS.feedback;

/**
 * A visitor's thumbs up or down on one answer, changeable and clearable. Scoped like the other
 * visitor routes: a message outside the visitor's own conversation, or a question, is 404.
 */
export function feedbackRoutes(ctx: AppContext): FastifyPluginAsync {
  const schema = { params: feedbackParamsSchema, body: feedbackBodySchema, response: { 200: okBody(feedbackResultSchema) } };
  return async (plugin) => {
    const app = withSchemas(plugin);
    app.put('/chatbots/:id/conversations/:conversationId/messages/:messageId/feedback', { schema }, async (request) => {
      const { id, conversationId, messageId } = request.params;
      const body = request.body;
      // No per-visitor budget of its own: a rating overwrites one row per answer, and the per-IP limit
      // of every public route applies. (Sharing the message budget would let thumbs block questions.)
      await checkEmbeddingOrigin(ctx, request, id);
      const target = { chatbotId: id, conversationId, visitorId: body.visitor_id, messageId };
      if (!(await setMessageFeedback(ctx.db, ctx.messageCache, target, body.rating))) throw notFound('Message not found');
      return ok({ message_id: messageId, feedback: body.rating });
    });
  };
}
