import { z } from 'zod';

/**
 * What the visitor's routes answer (the `data` of the envelope), and the events of the answer
 * stream: the one source, as in chatbotSchemas.ts. The widget imports the inferred types only.
 */

/** A passage an answer cites (or, for the owner's query, one that retrieval found). */
export const sourceSchema = z.object({ url: z.string(), title: z.string(), snippet: z.string(), score: z.number().optional() });

export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  sources: z.array(sourceSchema),
  created_at: z.string(),
  index: z.number().int().describe('1-based, gap-free order within the conversation.'),
  feedback: z
    .union([z.literal(1), z.literal(-1), z.null()])
    .optional()
    .describe("The visitor's thumbs up (1) or down (-1) on an assistant message; null when unrated."),
});

export const conversationSchema = z.object({
  id: z.string(),
  chatbot_id: z.string(),
  title: z.string(),
  created_at: z.string(),
  last_message_at: z.string().nullable(),
  message_count: z.number().int(),
});

export const publicChatbotSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  greeting: z.string(),
  starter_questions: z.array(z.string()),
  language: z.string().optional().describe("The language the widget and /chat speak for this bot (a catalogue code: 'en', 'de', …)."),
  texts: z
    .record(z.string(), z.string())
    .optional()
    .describe('Their texts in that language, by the English catalogue’s keys; absent for English, which the clients carry themselves.'),
});

export const conversationListSchema = z.object({ conversations: z.array(conversationSchema).describe("The visitor's own, newest first.") });
export const messageListSchema = z.object({ messages: z.array(messageSchema).describe('Oldest first.') });
export const sentMessagesSchema = z.object({ user_message: messageSchema, assistant_message: messageSchema });
export const feedbackResultSchema = z.object({ message_id: z.string(), feedback: z.union([z.literal(1), z.literal(-1), z.null()]) });

export const chatBootstrapSchema = z
  .object({
    chatbot: publicChatbotSchema,
    conversations: z.array(conversationSchema),
    conversation_id: z.string().nullable().describe('The conversation the visitor lands in: the newest, or with create=true a new one.'),
    messages: z.array(messageSchema).describe('Its first 200 messages (all when its message_count is at most 200), oldest first.'),
  })
  .describe('What a chat panel needs to open, in one response.');

const event = <E extends string, D extends z.ZodType>(name: E, data: D) => z.object({ event: z.literal(name), data });

/** The events of POST …/messages with `Accept: text/event-stream`: `token`*, then `sources` and `done`, or `error`. */
export const streamEventSchema = z
  .discriminatedUnion('event', [
    event('token', z.object({ delta: z.string() })),
    event('sources', z.object({ sources: z.array(sourceSchema) })),
    event('done', z.object({ user_message: messageSchema, assistant_message: messageSchema })),
    // When the question (and an apology or partial answer) were stored, they come with the error.
    event('error', z.object({ detail: z.string(), user_message: messageSchema.optional(), assistant_message: messageSchema.optional() })),
  ])
  .describe('Server-sent events: each one’s name on its `event:` line and its data as JSON on its `data:` line.');

export type Source = z.infer<typeof sourceSchema>;
export type Message = z.infer<typeof messageSchema>;
export type Conversation = z.infer<typeof conversationSchema>;
export type PublicChatbotData = z.infer<typeof publicChatbotSchema>;
export type ChatBootstrapData = z.infer<typeof chatBootstrapSchema>;
export type SentMessages = z.infer<typeof sentMessagesSchema>;
export type ConversationList = z.infer<typeof conversationListSchema>;
export type MessageList = z.infer<typeof messageListSchema>;
export type FeedbackResult = z.infer<typeof feedbackResultSchema>;
/** One event of the answer stream: its name and its data. */
export type StreamEvent = z.infer<typeof streamEventSchema>;
