/**
 * Rephrasings of one question fall together: "how do I reset my password" and "password reset how?"
 * share their content words, "refund policy" shares none. A question's words are PostgreSQL's
 * english lexemes (stemmed, stopwords out: the same analysis retrieval uses), computed by the query
 * that reads the questions. Greedy clustering, newest question first: a question joins the first
 * group whose words it overlaps with Jaccard >= 0.5, else it starts a group. Deterministic, and
 * linear in groups per question (the report reads a bounded number of questions).
 */
export interface AskedQuestion {
  text: string;
  /** Stemmed content words (e.g. 'password', 'reset'). */
  lexemes: string[];
  askedAt: string;
  conversationId: string;
  conversationTitle?: string;
  /** The assistant reply to the question, and what it was (the unanswered report's entries). */
  replyId?: string;
  reply?: ReplySummary;
}

/** What the bot replied: refused ('none'), not sure ('unsure') or marked wrong by the owner, and the passage it offered. */
export interface ReplySummary {
  kind: 'none' | 'unsure' | 'wrong';
  text: string;
  source: { url: string; title: string | null; snippet: string | null } | null;
}

export interface QuestionGroup {
  question: string;
  variants: string[];
  count: number;
  last_asked: string;
  conversation_ids: string[];
  /** The conversations, newest first, with their titles and when the question was asked in them. */
  conversations: { id: string; title: string; asked_at: string }[];
  /** Every reply the group holds (the owner marks them done or dismissed together). */
  reply_ids: string[];
  /** The newest reply. */
  latest_reply: ReplySummary | null;
}

export const SAME_QUESTION_JACCARD = 0.5;
const MAX_VARIANTS = 10;
const MAX_CONVERSATIONS = 20;

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

const conversationOf = (q: AskedQuestion) => ({ id: q.conversationId, title: q.conversationTitle ?? '', asked_at: q.askedAt });

/** Groups, most asked first (ties: most recently asked first). `questions` may come in any order. */
export function groupQuestions(questions: AskedQuestion[]): QuestionGroup[] {
  const newestFirst = [...questions].sort((a, b) => (a.askedAt < b.askedAt ? 1 : a.askedAt > b.askedAt ? -1 : 0));
  const groups: { words: Set<string>; group: QuestionGroup; wordings: Set<string> }[] = [];
  for (const q of newestFirst) {
    // A question of stopwords only ("what?") still groups with its exact repeats, by its wording.
    const words = new Set(q.lexemes.length > 0 ? q.lexemes : [`=${q.text.trim().toLowerCase()}`]);
    const home = groups.find((g) => jaccard(g.words, words) >= SAME_QUESTION_JACCARD);
    if (!home) {
      groups.push({
        words,
        wordings: new Set([q.text.trim().toLowerCase()]),
        group: {
          question: q.text,
          variants: [],
          count: 1,
          last_asked: q.askedAt,
          conversation_ids: [q.conversationId],
          conversations: [conversationOf(q)],
          reply_ids: q.replyId ? [q.replyId] : [],
          latest_reply: q.reply ?? null,
        },
      });
      continue;
    }
    const g = home.group;
    g.count++;
    const wording = q.text.trim().toLowerCase();
    if (!home.wordings.has(wording) && g.variants.length < MAX_VARIANTS) g.variants.push(q.text);
    home.wordings.add(wording);
    if (q.replyId) g.reply_ids.push(q.replyId);
    if (!g.conversation_ids.includes(q.conversationId) && g.conversation_ids.length < MAX_CONVERSATIONS) {
      g.conversation_ids.push(q.conversationId);
      g.conversations.push(conversationOf(q));
    }
  }
  return groups
    .map((g) => g.group)
    .sort((a, b) => b.count - a.count || (a.last_asked < b.last_asked ? 1 : a.last_asked > b.last_asked ? -1 : 0));
}
