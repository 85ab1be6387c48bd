import type { DayCount, InsightSummary, UnansweredGroup } from '../../../../shared/src/api/insights.js';
import type { SummaryCounts } from '../../db/repositories/insightsSummary.js';
import type { QuestionGroup } from '../../insights/groupQuestions.js';

export const SUMMARY_DAYS = 30;

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** The first UTC midnight of the window: today and the 29 days before it. */
export function windowStart(now: Date, days = SUMMARY_DAYS): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return start;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * The bot at a glance over the 30 UTC days from `since`: every day present (zero when quiet), the
 * totals, and of the assistant's replies the share that answered and the share the visitor rated,
 * with the share of ratings that were thumbs up.
 */
export function presentSummary(counts: SummaryCounts, since: Date): InsightSummary {
  const convByDay = new Map(counts.conversationsByDay.map((r) => [r.day, r.n]));
  const msgByDay = new Map(counts.messagesByDay.map((r) => [r.day, r.n]));
  const days: DayCount[] = [];
  for (let i = 0; i < SUMMARY_DAYS; i++) {
    const d = new Date(since);
    d.setUTCDate(d.getUTCDate() + i);
    const day = dayKey(d);
    days.push({ day, conversations: convByDay.get(day) ?? 0, messages: msgByDay.get(day) ?? 0 });
  }
  const sum = (f: (r: SummaryCounts['messagesByDay'][number]) => number) => counts.messagesByDay.reduce((s, r) => s + f(r), 0);
  const replies = sum((r) => r.replies);
  const answers = sum((r) => r.answers);
  const { n: rated, positive } = counts.feedback;
  return {
    days,
    totals: { conversations: days.reduce((s, d) => s + d.conversations, 0), messages: sum((r) => r.n), answers, feedback: rated, positive },
    answer_rate: rate(answers, replies),
    feedback_rate: rate(rated, replies),
    positive_share: rate(positive, rated),
  };
}

/** The unanswered report's groups, as grouped (insights/groupQuestions.ts). */
export const presentUnansweredGroups = (groups: QuestionGroup[]): UnansweredGroup[] =>
  groups.map((g) => ({
    question: g.question,
    variants: g.variants,
    count: g.count,
    last_asked: g.last_asked,
    conversation_ids: g.conversation_ids,
    conversations: g.conversations,
    reply_ids: g.reply_ids,
    latest_reply: g.latest_reply,
  }));
