import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';
import { getChatbotRow, type ChatbotRow } from '../db/repositories/chatbots.js';
import type { AuthUser } from './auth.js';
import type { AppContext } from './context.js';
import { notFound, unauthorized } from './errors.js';
import { isUuid } from './ids.js';

/** The signed-in owner behind the request's bearer token, or 401 'User not authenticated'. */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<AuthUser> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized();
  const user = await ctx.auth.verify(match[1]);
  if (!user) throw unauthorized();
  return user;
}

/** A chatbot the user owns; another owner's bot, a malformed id and a missing bot all answer 404. */
export async function requireOwnedChatbot(db: Queryable, id: string, uid: string): Promise<ChatbotRow> {
  if (!isUuid(id)) throw notFound('Chatbot not found');
  const row = await getChatbotRow(db, id);
  if (!row || row.owner_uid !== uid) throw notFound('Chatbot not found');
  return row;
}
