import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Message } from '../../../../../shared/src/api/types.js';
import type { AnswerOutcome, Answerer } from '../../../answer/answerer.js';
import { recentTurns } from '../../../answer/history.js';
import { createAnswerer } from '../../../answer/service.js';
import { DEFAULT_TITLES, titleFromQuestion } from '../../../answer/title.js';
import { getChatbotRow, type ChatbotRow } from '../../../db/repositories/chatbots.js';
import { getVisitorConversation, renameConversation } from '../../../db/repositories/conversations.js';
import { appendMessage } from '../../../db/repositories/messages.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { requireOwnedChatbot, requireUser } from '../../owner.js';
import { ok } from '../../reply.js';
import { parse } from '../../validate.js';
import { conversationParamsSchema } from '../conversations/schema.js';
import { chatbotParamsSchema } from '../schemas.js';
import { openEventStream } from './eventStream.js';
import { querySchema, sendMessageSchema } from './schema.js';

const FAILED_ANSWER = 'Sorry, something went wrong while answering. Please try again.';

/**
 * Answering: a visitor's message in a conversation (JSON, or streamed as SSE), and the owner's
 * stateless test query. A visitor who disconnects mid-stream still gets the whole answer stored:
 * generation runs to the end, so the conversation never holds a question without its answer.
 */
export function answerRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const answerer: Answerer = createAnswerer(ctx.config, ctx.db, app.log);

    app.post('/chatbots/:id/conversations/:conversationId/messages', async (request, reply) => {
      const { id, conversationId } = parse(conversationParamsSchema, request.params, 'path');
      const body = parse(sendMessageSchema, request.body, 'body');
      ctx.limits.visitorMessage(body.visitor_id);
      const conversation = await getVisitorConversation(ctx.db, id, conversationId, body.visitor_id);
      if (!conversation) throw notFound('Conversation not found');
      const bot = await getChatbotRow(ctx.db, id);
      if (!bot) throw notFound('Chatbot not found');

      const history = await recentTurns(ctx.db, conversationId);
      const userMessage = await appendMessage(ctx.db, conversationId, { role: 'user', content: body.content });
      if (conversation.message_count === 0 && DEFAULT_TITLES.has(conversation.title)) {
        await renameConversation(ctx.db, conversationId, titleFromQuestion(body.content));
      }
      const run = answerer.answer({ bot, question: body.content, history });

      if (wantsEventStream(request)) return streamAnswer(request, reply, run, conversationId, userMessage);

      const outcome = await drain(run);
      const assistantMessage = await storeAnswer(conversationId, outcome);
      return ok({ user_message: userMessage, assistant_message: assistantMessage });
    });

    app.post('/chatbots/:id/query', async (request) => {
      const user = await requireUser(ctx, request);
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      const body = parse(querySchema, request.body, 'body');
      const bot: ChatbotRow = await requireOwnedChatbot(ctx.db, id, user.uid);
      const outcome = await drain(answerer.answer({ bot, question: body.question, history: [], topK: body.top_k ?? 5 }));
      const sources = (outcome.retrieved.length ? outcome.retrieved : outcome.sources).map((s) => ({
        url: s.url,
        title: s.title,
        snippet: s.snippet,
        score: s.score ?? 0,
      }));
      return ok({ answer: outcome.content, sources });
    });

    const storeAnswer = (conversationId: string, outcome: AnswerOutcome) =>
      appendMessage(ctx.db, conversationId, {
        role: 'assistant',
        content: outcome.content,
        sources: outcome.sources.map(({ url, title, snippet }) => ({ url, title, snippet })),
      });

    async function streamAnswer(
      request: FastifyRequest,
      reply: FastifyReply,
      run: AsyncGenerator<{ type: 'token'; delta: string }, AnswerOutcome>,
      conversationId: string,
      userMessage: Message,
    ): Promise<void> {
      const stream = openEventStream(reply);
      let outcome: AnswerOutcome;
      try {
        outcome = await drain(run, (delta) => stream.send('token', { delta }));
      } catch (err) {
        // Retrieval or the database failed: answer with an apology so the question is not left hanging.
        request.log.error({ err }, 'answering failed');
        const apology = (stream.sentText ? '\n\n' : '') + FAILED_ANSWER;
        stream.send('token', { delta: apology });
        outcome = { content: stream.sentText, sources: [], retrieved: [], error: 'The answer could not be completed.' };
      }
      let assistantMessage: Message;
      try {
        assistantMessage = await storeAnswer(conversationId, outcome);
      } catch (err) {
        request.log.error({ err }, 'storing the answer failed');
        stream.send('error', { detail: 'The answer could not be saved.' });
        return stream.end();
      }
      stream.send('sources', { sources: assistantMessage.sources });
      if (outcome.error) stream.send('error', { detail: outcome.error });
      else stream.send('done', { user_message: userMessage, assistant_message: assistantMessage });
      stream.end();
    }
  };
}

function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes('text/event-stream');
}

/** Run the answer to its end, passing each delta on; returns the final message. */
async function drain(
  run: AsyncGenerator<{ type: 'token'; delta: string }, AnswerOutcome>,
  onDelta?: (delta: string) => void,
): Promise<AnswerOutcome> {
  for (;;) {
    const step = await run.next();
    if (step.done) return step.value;
    onDelta?.(step.value.delta);
  }
}
