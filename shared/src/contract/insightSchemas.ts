import { z } from 'zod';
import { sourceSchema } from './visitorSchemas';

/** What the owner's /chatbots/{id}/insights/* routes answer: the one source, as in chatbotSchemas.ts. */

export const outcomeSchema = z.enum(['answer', 'unsure', 'none']);
export const reviewStatusSchema = z
  .enum(['open', 'done', 'dismissed'])
  .describe('Where an unanswered question stands in the owner’s review.');

export const insightConversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  last_message_at: z.string().nullable(),
  message_count: z.number().int(),
  first_question: z.string().describe("The visitor's first question, for the list."),
});

export const insightConversationPageSchema = z.object({
  conversations: z.array(insightConversationSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().describe("Conversations matching the search (all of the bot's when there is none)."),
  search_scope_reached: z.boolean().describe('The search read only the newest 10,000 conversations, and the bot has more.'),
});

export const insightMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  sources: z.array(sourceSchema),
  created_at: z.string(),
  index: z.number().int(),
  outcome: outcomeSchema.nullable().describe('What the evidence supported (assistant replies).'),
  feedback: z.union([z.literal(1), z.literal(-1), z.null()]).describe('1 thumbs up, -1 thumbs down, null none.'),
  marked_wrong: z.boolean().describe('The owner marked this reply wrong: it counts as unanswered whatever its outcome.'),
});

export const insightConversationDetailSchema = z.object({
  conversation: insightConversationSchema,
  messages: z.array(insightMessageSchema),
});

export const insightExportSchema = z.object({
  chatbot_id: z.string(),
  exported_at: z.string(),
  conversations: z.array(insightConversationSchema.extend({ messages: z.array(insightMessageSchema) })),
});

export const replySummarySchema = z
  .object({
    kind: z.enum(['none', 'unsure', 'wrong']),
    text: z.string().describe("The reply's opening (at most 400 characters)."),
    source: z
      .object({ url: z.string(), title: z.string().nullable(), snippet: z.string().nullable() })
      .nullable()
      .describe('The first passage it offered, if any.'),
  })
  .describe('What the bot replied: refused, not sure (with the closest passage), or marked wrong.');

export const unansweredGroupSchema = z.object({
  question: z.string().describe('The most recent wording.'),
  variants: z.array(z.string()).describe('Other wordings in the group, newest first (distinct).'),
  count: z.number().int(),
  last_asked: z.string(),
  conversation_ids: z.array(z.string()).describe('Conversations the question was asked in, newest first (at most 20).'),
  conversations: z
    .array(z.object({ id: z.string(), title: z.string(), asked_at: z.string() }))
    .describe('The same conversations with their titles and when the question was asked there.'),
  reply_ids: z.array(z.string()).describe('The assistant replies the group holds: marked done or dismissed together.'),
  latest_reply: replySummarySchema.nullable(),
});

export const unansweredListSchema = z.object({ status: reviewStatusSchema, groups: z.array(unansweredGroupSchema) });
export const reviewResultSchema = z.object({ status: reviewStatusSchema, updated: z.number().int() });
export const verdictResultSchema = z.object({ message_id: z.string(), marked_wrong: z.boolean() });

export const dayCountSchema = z.object({
  day: z.string().describe('YYYY-MM-DD (UTC).'),
  conversations: z.number().int(),
  messages: z.number().int(),
});

const share = (what: string) => z.number().nullable().describe(what);
export const insightSummarySchema = z.object({
  days: z.array(dayCountSchema).describe('The last 30 days, oldest first, every day present.'),
  totals: z
    .object({
      conversations: z.number().int(),
      messages: z.number().int(),
      answers: z.number().int(),
      feedback: z.number().int(),
      positive: z.number().int(),
    })
    .describe('Over those 30 days.'),
  answer_rate: share('Share of assistant replies stored as answers (not unsure, not refused) and not marked wrong; null with no replies.'),
  feedback_rate: share('Share of assistant replies that got a thumbs up or down; null with no replies.'),
  positive_share: share('Share of the feedback that was thumbs up; null with no feedback.'),
});

export type Outcome = z.infer<typeof outcomeSchema>;
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;
export type InsightConversation = z.infer<typeof insightConversationSchema>;
export type InsightConversationPage = z.infer<typeof insightConversationPageSchema>;
export type InsightMessage = z.infer<typeof insightMessageSchema>;
export type InsightConversationDetail = z.infer<typeof insightConversationDetailSchema>;
export type ReplySummary = z.infer<typeof replySummarySchema>;
export type UnansweredGroup = z.infer<typeof unansweredGroupSchema>;
export type DayCount = z.infer<typeof dayCountSchema>;
export type InsightSummary = z.infer<typeof insightSummarySchema>;
export type UnansweredList = z.infer<typeof unansweredListSchema>;
export type ReviewResult = z.infer<typeof reviewResultSchema>;
export type VerdictResult = z.infer<typeof verdictResultSchema>;
