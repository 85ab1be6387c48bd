import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Answerer } from '../../../answer/answerer.js';
import { getChatbotRow, type ChatbotRow } from '../../../db/repositories/chatbots.js';
import { getVisitorConversation } from '../../../db/repositories/conversations.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { requireOwnedChatbot } from '../../owner.js';
import { presentMessage } from '../../presenters/message.js';
import { ok } from '../../reply.js';
import { checkEmbeddingOrigin } from '../../originPolicy.js';
import { conversationParamsSchema } from '../conversations/schema.js';
import { chatbotParamsSchema, okBody } from '../schemas.js';
import { signedIn, signedInFirst, withSchemas } from '../typed.js';
import { queryResultSchema } from '../../../../../shared/src/contract/chatbotSchemas.js';
import { sentMessagesSchema, streamEventSchema } from '../../../../../shared/src/contract/visitorSchemas.js';
import { openEventStream, type EventStreamOptions } from './eventStream.js';
import { querySchema, sendMessageSchema } from './schema.js';
import { drain, takeTurn, type TurnInput } from '../../../answer/turns/turn.js';
import { isDiskFull } from '../../../db/diskFull.js';
import { repliesFor } from '../../../../../shared/src/messages/detect.js';

export type AnswerRoutesOptions = Pick<EventStreamOptions, 'pingMs'>;

/**
 * Answering: a visitor's message in a conversation (JSON, or streamed as SSE), and the owner's
 * stateless test query. A visitor who disconnects mid-stream still gets the whole answer stored:
 * generation runs to the end, so the conversation never holds a question without its answer.
 * The conversation turns (queue, leases, sweep) come from the app context, built once per app.
 */
export function answerRoutes(ctx: AppContext, opts: AnswerRoutesOptions = {}): FastifyPluginAsync {
  // JSON, or with Accept: text/event-stream the answer's tokens as server-sent events.
  const answered = { 'application/json': { schema: okBody(sentMessagesSchema) }, 'text/event-stream': { schema: streamEventSchema } };
  const sent = { params: conversationParamsSchema, body: sendMessageSchema, response: { 200: { content: answered } } };
  const queried = { params: chatbotParamsSchema, body: querySchema, response: { 200: okBody(queryResultSchema) } };
  return async (plugin) => {
    const app = withSchemas(plugin);
    const answerer: Answerer = ctx.answerer;
    /** One turn at a time per conversation, held by the app context (which also sweeps interrupted turns). */
    const turns = ctx.turns;

    app.post('/chatbots/:id/conversations/:conversationId/messages', { schema: sent }, async (request, reply) => {
      const { id, conversationId } = request.params;
      const body = request.body;
      await ctx.limits.visitorMessage(body.visitor_id);
      await checkEmbeddingOrigin(ctx, request, id);
      const conversation = await getVisitorConversation(ctx.db, id, conversationId, body.visitor_id);
      if (!conversation) throw notFound('Conversation not found');
      const bot = await getChatbotRow(ctx.db, id);
      if (!bot) throw notFound('Chatbot not found');
      const input: TurnInput = { conversation, bot, question: body.content };
      const deps = { db: ctx.db, messageCache: ctx.messageCache, answerer, log: request.log };

      if (wantsEventStream(request)) return streamTurn(request, reply, input);

      const turn = await turns.run(conversationId, () => takeTurn(deps, input, () => {}));
      // Not even a failure note could be stored: the database is down (a 500) or the disk full (a 503).
      if (!turn.assistantMessage) throw turn.storeFailure ?? new Error('the answer could not be stored');
      return ok({ user_message: presentMessage(turn.userMessage), assistant_message: presentMessage(turn.assistantMessage) });
    });

    app.post('/chatbots/:id/query', { schema: queried, preValidation: signedInFirst(ctx) }, async (request) => {
      const user = signedIn(request);
      const { id } = request.params;
      const body = request.body;
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

    /**
     * The SSE variant. The stream opens before the turn is queued, so a visitor waiting behind
     * another answer already gets headers and pings. Events: `token`*, then `sources` and `done`;
     * or, when the answer is incomplete (interrupted, apologised, unsaved), `sources` and `error`,
     * where `error` carries the stored messages too so the client can show what was stored.
     */
    async function streamTurn(request: FastifyRequest, reply: FastifyReply, input: TurnInput): Promise<void> {
      const stream = openEventStream(reply, { pingMs: opts.pingMs });
      try {
        const deps = { db: ctx.db, messageCache: ctx.messageCache, answerer, log: request.log };
        let failure: unknown;
        const turn = await turns
          .run(input.conversation.id, () => takeTurn(deps, input, (delta) => stream.send('token', { delta })))
          .catch((err: unknown) => {
            request.log.error({ err }, 'storing the question failed');
            failure = err;
            return undefined;
          });
        if (!turn) {
          // Nothing was stored, so the conversation is unchanged.
          const t = repliesFor(input.bot.language, input.question);
          await stream.send('error', { detail: isDiskFull(failure) ? t.diskFull : t.sendFailed });
          return;
        }
        const userMessage = presentMessage(turn.userMessage);
        const assistantMessage = turn.assistantMessage && presentMessage(turn.assistantMessage);
        const { error } = turn;
        if (assistantMessage) await stream.send('sources', { sources: assistantMessage.sources });
        if (error)
          await stream.send('error', {
            detail: error,
            user_message: userMessage,
            ...(assistantMessage && { assistant_message: assistantMessage }),
          });
        else await stream.send('done', { user_message: userMessage, assistant_message: assistantMessage });
      } finally {
        stream.end();
      }
    }
  };
}

function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes('text/event-stream');
}
