/**
 * Owner insights (issue 18): what the owner's /chatbots/:id/insights/* routes answer, inferred from
 * the routes' schemas (shared/src/contract/insightSchemas.ts).
 */
import type { ReviewStatus } from '../contract/insightSchemas';

export type {
  DayCount,
  InsightConversation,
  InsightConversationDetail,
  InsightConversationPage,
  InsightMessage,
  InsightSummary,
  Outcome,
  ReplySummary,
  ReviewResult,
  ReviewStatus,
  UnansweredGroup,
  UnansweredList,
  VerdictResult,
} from '../contract/insightSchemas';

export const REVIEW_STATUSES: readonly ReviewStatus[] = ['open', 'done', 'dismissed'];
