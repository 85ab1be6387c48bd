import type { FastifyPluginAsync } from 'fastify';
import { deleteChatbot, getChatbotDetail, listChatbots, updateChatbot, type ChatbotRow } from '../../../db/repositories/chatbots.js';
import type { Queryable } from '../../../db/db.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { requireOwnedChatbot, requireUser } from '../../owner.js';
import { presentChatbot } from '../../presenters/chatbot.js';
import { ok } from '../../reply.js';
import { parse } from '../../validate.js';
import { chatbotParamsSchema } from '../schemas.js';
import { setBotLanguage } from '../../../language/botLanguage.js';
import { chatbotPatchSchema, promptsPatchSchema } from './schema.js';

/** One chatbot as the API shows it, with its source addresses. */
async function chatbotView(q: Queryable, row: ChatbotRow) {
  const { bot, sources } = await getChatbotDetail(q, row);
  return presentChatbot(bot, sources);
}

/** Owner routes: a signed-in owner's own chatbots. */
export function chatbotRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/chatbots', async (request) => {
      const user = await requireUser(ctx, request);
      return ok({ chatbots: (await listChatbots(ctx.db, user.uid)).map((row) => presentChatbot(row)) });
    });

    app.get('/chatbots/:id', async (request) => {
      const user = await requireUser(ctx, request);
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      const row = await requireOwnedChatbot(ctx.db, id, user.uid);
      return ok({ chatbot: await chatbotView(ctx.db, row) });
    });

    app.patch('/chatbots/:id', async (request) => {
      const user = await requireUser(ctx, request);
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      const patch = parse(chatbotPatchSchema, request.body, 'body');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      // A change of language re-indexes the bot's pages in it (language/botLanguage.ts) first.
      if (patch.language !== undefined) await setBotLanguage(ctx.db, id, patch.language);
      const row = await updateChatbot(ctx.db, id, patch);
      if (!row) throw notFound('Chatbot not found');
      return ok(await chatbotView(ctx.db, row));
    });

    app.patch('/chatbots/:id/prompts', async (request) => {
      const user = await requireUser(ctx, request);
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      const patch = parse(promptsPatchSchema, request.body, 'body');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const row = await updateChatbot(ctx.db, id, patch);
      if (!row) throw notFound('Chatbot not found');
      return ok(await chatbotView(ctx.db, row));
    });

    app.delete('/chatbots/:id', async (request) => {
      const user = await requireUser(ctx, request);
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const { runningTaskIds } = await deleteChatbot(ctx.db, ctx.messageCache, id);
      for (const taskId of runningTaskIds) ctx.abortTaskHere?.(taskId);
      return ok({ id, deleted: true });
    });
  };
}
