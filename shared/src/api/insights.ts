import type { Source } from './types.js';

/** Owner insights (issue 18): what the owner's /chatbots/:id/insights/* routes answer. */

export type Outcome = 'answer' | 'unsure' | 'none';

/** One visitor conversation in the owner's log. */
export interface InsightConversation {
  id: string;
  title: string;
  created_at: string;
  last_message_at: string | null;
  message_count: number;
  /** The visitor's first question, for the list. */
  first_question: string;
}

export interface InsightConversationPage {
  conversations: InsightConversation[];
  page: number;
  limit: number;
  /** Conversations matching the search (all of the bot's when there is none). */
  total: number;
  /** The search read only the newest 10,000 conversations, and the bot has more. */
  search_scope_reached: boolean;
}

/** A message as the owner sees it: with what the evidence supported and the visitor's thumbs. */
export interface InsightMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  sources: Source[];
  created_at: string;
  index: number;
  outcome: Outcome | null;
  /** 1 thumbs up, -1 thumbs down, null none. */
  feedback: 1 | -1 | null;
  /** The owner marked this reply wrong: it counts as unanswered whatever its outcome. */
  marked_wrong: boolean;
}

export interface InsightConversationDetail {
  conversation: InsightConversation;
  messages: InsightMessage[];
}

/** Where an unanswered question stands in the owner's review. */
export type ReviewStatus = 'open' | 'done' | 'dismissed';
export const REVIEW_STATUSES: readonly ReviewStatus[] = ['open', 'done', 'dismissed'];

/** What the bot replied to an unanswered question: refused, not sure (with the closest passage), or marked wrong. */
export interface ReplySummary {
  kind: 'none' | 'unsure' | 'wrong';
  /** The reply's opening (at most 400 characters). */
  text: string;
  /** The first passage it offered, if any. */
  source: { url: string; title: string | null; snippet: string | null } | null;
}

/** Questions the bot refused or was unsure about (or answered wrong), rephrasings grouped together. */
export interface UnansweredGroup {
  /** The most recent wording. */
  question: string;
  /** Other wordings in the group, newest first (distinct). */
  variants: string[];
  count: number;
  last_asked: string;
  /** Conversations the question was asked in, newest first (at most 20). */
  conversation_ids: string[];
  /** The same conversations with their titles and when the question was asked there. */
  conversations: { id: string; title: string; asked_at: string }[];
  /** The assistant replies the group holds: marked done or dismissed together. */
  reply_ids: string[];
  /** The newest reply. */
  latest_reply: ReplySummary | null;
}

export interface DayCount {
  /** YYYY-MM-DD (UTC). */
  day: string;
  conversations: number;
  messages: number;
}

export interface InsightSummary {
  /** The last 30 days, oldest first, every day present. */
  days: DayCount[];
  /** Over those 30 days. */
  totals: { conversations: number; messages: number; answers: number; feedback: number; positive: number };
  /** Share of assistant replies stored as answers (not unsure, not refused) and not marked wrong; null with no replies. */
  answer_rate: number | null;
  /** Share of assistant replies that got a thumbs up or down; null with no replies. */
  feedback_rate: number | null;
  /** Share of the feedback that was thumbs up; null with no feedback. */
  positive_share: number | null;
}
