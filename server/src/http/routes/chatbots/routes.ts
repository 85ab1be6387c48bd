import type { FastifyPluginAsync } from 'fastify';
import { deleteChatbot, getChatbotDetail, listChatbots, updateChatbot, type ChatbotRow } from '../../../db/repositories/chatbots.js';
import type { Queryable } from '../../../db/db.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { requireOwnedChatbot } from '../../owner.js';
import { presentChatbot } from '../../presenters/chatbot.js';
import { ok } from '../../reply.js';
import { chatbotParamsSchema, okBody } from '../schemas.js';
import { signedIn, signedInFirst, withSchemas } from '../typed.js';
import {
  chatbotDeletedSchema,
  chatbotDetailSchema,
  chatbotListSchema,
  chatbotSchema,
} from '../../../../../shared/src/contract/chatbotSchemas.js';
import { setBotLanguage } from '../../../language/botLanguage.js';
import { chatbotPatchSchema, promptsPatchSchema } from './schema.js';

/** One chatbot as the API shows it, with its source addresses. */
async function chatbotView(q: Queryable, row: ChatbotRow) {
  const { bot, sources } = await getChatbotDetail(q, row);
  return presentChatbot(bot, sources);
}

/** Owner routes: a signed-in owner's own chatbots. */
export function chatbotRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = withSchemas(plugin);
    app.addHook('preValidation', signedInFirst(ctx));
    const params = chatbotParamsSchema;

    app.get('/chatbots', { schema: { response: { 200: okBody(chatbotListSchema) } } }, async (request) => {
      const user = signedIn(request);
      return ok({ chatbots: (await listChatbots(ctx.db, user.uid)).map((row) => presentChatbot(row)) });
    });

    app.get('/chatbots/:id', { schema: { params, response: { 200: okBody(chatbotDetailSchema) } } }, async (request) => {
      const user = signedIn(request);
      const { id } = request.params;
      const row = await requireOwnedChatbot(ctx.db, id, user.uid);
      return ok({ chatbot: await chatbotView(ctx.db, row) });
    });

    const patched = { params, response: { 200: okBody(chatbotSchema) } };
    app.patch('/chatbots/:id', { schema: { ...patched, body: chatbotPatchSchema } }, async (request) => {
      const user = signedIn(request);
      const { id } = request.params;
      const patch = request.body;
      await requireOwnedChatbot(ctx.db, id, user.uid);
      // A change of language re-indexes the bot's pages in it (language/botLanguage.ts) first.
      if (patch.language !== undefined) await setBotLanguage(ctx.db, id, patch.language);
      const row = await updateChatbot(ctx.db, id, patch);
      if (!row) throw notFound('Chatbot not found');
      return ok(await chatbotView(ctx.db, row));
    });

    app.patch('/chatbots/:id/prompts', { schema: { ...patched, body: promptsPatchSchema } }, async (request) => {
      const user = signedIn(request);
      const { id } = request.params;
      const patch = request.body;
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const row = await updateChatbot(ctx.db, id, patch);
      if (!row) throw notFound('Chatbot not found');
      return ok(await chatbotView(ctx.db, row));
    });

    app.delete('/chatbots/:id', { schema: { params, response: { 200: okBody(chatbotDeletedSchema) } } }, async (request) => {
      const user = signedIn(request);
      const { id } = request.params;
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const { runningTaskIds } = await deleteChatbot(ctx.db, ctx.messageCache, id);
      for (const taskId of runningTaskIds) ctx.abortTaskHere?.(taskId);
      return ok({ id, deleted: true as const });
    });
  };
}
