import type { DayCount, InsightSummary } from '../../../../shared/src/api/insights.js';
import type { Queryable } from '../db.js';
import { one } from '../db.js';

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
 * The bot at a glance over the last 30 days (UTC days): conversations started and messages written
 * per day, and of the assistant's replies (those with an outcome: failure notes have none) the share
 * that answered and the share the visitor rated, with the share of ratings that were thumbs up.
 */
export async function botSummary(q: Queryable, chatbotId: string, now = new Date()): Promise<InsightSummary> {
  const since = windowStart(now);
  const [conversations, messages, feedback] = await Promise.all([
    q.query<{ day: string; n: number }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM conversations WHERE chatbot_id = $1 AND message_count > 0 AND created_at >= $2::timestamptz GROUP BY 1`,
      [chatbotId, since.toISOString()],
    ),
    q.query<{ day: string; n: number; replies: number; answers: number }>(
      `SELECT to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n,
              (count(*) FILTER (WHERE m.outcome IS NOT NULL))::int AS replies,
              (count(*) FILTER (WHERE m.outcome = 'answer'))::int AS answers
         FROM messages m JOIN conversations c ON c.id = m.conversation_id
        -- A conversation with a message in the window was last written in it: migration 015's index
        -- (chatbot_id, last_message_at DESC) keeps a busy bot's older conversations out of the join.
        WHERE c.chatbot_id = $1 AND c.last_message_at >= $2::timestamptz AND m.created_at >= $2::timestamptz GROUP BY 1`,
      [chatbotId, since.toISOString()],
    ),
    one<{ n: number; positive: number }>(
      q,
      `SELECT count(*)::int AS n, (count(*) FILTER (WHERE f.rating = 1))::int AS positive
         FROM message_feedback f JOIN messages m ON m.id = f.message_id
        WHERE f.chatbot_id = $1 AND m.created_at >= $2::timestamptz AND m.outcome IS NOT NULL`,
      [chatbotId, since.toISOString()],
    ),
  ]);
  const convByDay = new Map(conversations.map((r) => [r.day, r.n]));
  const msgByDay = new Map(messages.map((r) => [r.day, r.n]));
  const days: DayCount[] = [];
  for (let i = 0; i < SUMMARY_DAYS; i++) {
    const d = new Date(since);
    d.setUTCDate(d.getUTCDate() + i);
    const day = dayKey(d);
    days.push({ day, conversations: convByDay.get(day) ?? 0, messages: msgByDay.get(day) ?? 0 });
  }
  const sum = (f: (r: (typeof messages)[number]) => number) => messages.reduce((s, r) => s + f(r), 0);
  const replies = sum((r) => r.replies);
  const answers = sum((r) => r.answers);
  const rated = feedback?.n ?? 0;
  const positive = feedback?.positive ?? 0;
  return {
    days,
    totals: { conversations: days.reduce((s, d) => s + d.conversations, 0), messages: sum((r) => r.n), answers, feedback: rated, positive },
    answer_rate: rate(answers, replies),
    feedback_rate: rate(rated, replies),
    positive_share: rate(positive, rated),
  };
}
