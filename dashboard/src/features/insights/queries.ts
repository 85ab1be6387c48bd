import useSWR from 'swr';
import { ApiError } from '../../../../shared/src/api/client';
import type { ReviewStatus } from '../../../../shared/src/api/insights';
import { insightsApi } from '../../api/insights';

/** Hooks take '' for an id that cannot exist: no request is made. */

/** A 404 is an answer (no such bot, or not this owner's), not a failure to retry. */
export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;
const noRetryOn404 = { shouldRetryOnError: (err: unknown) => !isNotFound(err) };

export function useConversationPage(botId: string, q: string, page: number, limit: number) {
  return useSWR(
    botId ? ['insights-conversations', botId, q, page, limit] : null,
    () => insightsApi.listConversations(botId, { q, page, limit }),
    {
      ...noRetryOn404,
      keepPreviousData: true,
    },
  );
}

export function useConversationDetail(botId: string, convId: string) {
  return useSWR(
    botId && convId ? ['insights-conversation', botId, convId] : null,
    () => insightsApi.getConversation(botId, convId),
    noRetryOn404,
  );
}

export function useUnanswered(botId: string, status: ReviewStatus = 'open') {
  return useSWR(botId ? ['insights-unanswered', botId, status] : null, () => insightsApi.unanswered(botId, status), {
    ...noRetryOn404,
    keepPreviousData: true,
  });
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a page shows for an id that cannot exist: the same as for a bot the server does not know. */
export const INVALID_ID = new ApiError(404, 'Not found');
