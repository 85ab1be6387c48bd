import type { Transport } from './transport';
import type { ReviewRequest, VerdictRequest } from '../contract/requests';
import type { ConversationListQuery } from '../contract/querySchemas';
import type {
  InsightConversationDetail,
  InsightConversationPage,
  InsightSummary,
  ReviewResult,
  ReviewStatus,
  UnansweredList,
  VerdictResult,
} from './insights';

const enc = encodeURIComponent;
const base = (botId: string) => `/chatbots/${enc(botId)}/insights`;

/** The log's query: inferred from the route's schema (shared/src/contract/querySchemas.ts). */
export type { ConversationListQuery } from '../contract/querySchemas';

/** The owner's insights calls (issue 18), on the same transport as the rest of the owner API. */
export function insightsApi({ send, call, unwrap }: Transport) {
  return {
    listConversations: (botId: string, query: ConversationListQuery = {}) =>
      call<InsightConversationPage>('GET', `${base(botId)}/conversations`, undefined, {
        q: query.q || undefined,
        page: query.page,
        limit: query.limit,
      }),
    getConversation: (botId: string, convId: string) =>
      call<InsightConversationDetail>('GET', `${base(botId)}/conversations/${enc(convId)}`),
    unanswered: async (botId: string, status: ReviewStatus = 'open') =>
      (await call<UnansweredList>('GET', `${base(botId)}/unanswered`, undefined, { status })).groups,
    /** An unanswered entry (its replies) marked done, dismissed, or open again. */
    reviewUnanswered: (botId: string, replyIds: string[], status: ReviewStatus) =>
      call<ReviewResult>('POST', `${base(botId)}/unanswered/review`, { reply_ids: replyIds, status } satisfies ReviewRequest),
    /** The owner marks a reply wrong (it counts as unanswered), or takes that back. */
    markReplyWrong: (botId: string, messageId: string, wrong: boolean) =>
      call<VerdictResult>('PUT', `${base(botId)}/replies/${enc(messageId)}/verdict`, { wrong } satisfies VerdictRequest),
    summary: (botId: string) => call<InsightSummary>('GET', `${base(botId)}/summary`),
    /** The export as a file body; a failed call throws like any other (its detail read from the envelope). */
    exportConversations: async (botId: string, format: 'csv' | 'json'): Promise<Blob> => {
      const res = await send(
        'GET',
        `${base(botId)}/conversations/export`,
        undefined,
        { format },
        { accept: format === 'csv' ? 'text/csv' : 'application/json' },
      );
      if (!res.ok) await unwrap(res); // throws ApiError with the server's detail
      return res.blob();
    },
  };
}
export type InsightsApi = ReturnType<typeof insightsApi>;
