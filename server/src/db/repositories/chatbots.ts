import { randomUUID } from 'node:crypto';
import type { RecrawlSchedule } from '../../../../shared/src/contract/requests.js';
import type { Db, Queryable } from '../db.js';
import { forgetLsaSpace } from '../../embeddings/lsaIndex.js';
import { forgetBotVectors } from '../../embeddings/store.js';
import { forgetAllVisitorConversations } from './conversationListCache.js';
import type { MessageCache } from './messageCache.js';
import { forgetPublicBot } from './publicBotCache.js';
import { one } from '../db.js';
import type { TaskRow } from './tasks.js';

export interface ChatbotRow {
  id: string;
  owner_uid: string;
  name: string;
  description: string;
  system_prompt: string;
  response_format: string;
  rag_enabled: boolean;
  start_url: string | null;
  max_depth: number | null;
  max_pages: number | null;
  include_patterns: string[];
  exclude_patterns: string[];
  /** Follow other languages than the start page's (migration 024). */
  all_languages: boolean;
  /** Render every page in Chromium, not only app shells (migration 027). */
  render_javascript: boolean;
  /**
   * The bot's language (migration 028): a BCP-47 primary subtag ('de', 'en'), detected from its pages
   * (most pages win) or chosen by the owner (`language_chosen`); null when not known (read as English).
   */
  language: string | null;
  language_chosen: boolean;
  /** The languages its live pages are in (language/botLanguage.ts). */
  page_languages: string[];
  recrawl_schedule: RecrawlSchedule;
  next_recrawl_at: Date | string | null;
  /** Visitor-facing settings (migration 015): shown while a conversation is empty; who may embed. */
  greeting: string;
  starter_questions: string[];
  allowed_origins: string[];
  created_at: Date | string;
  updated_at: Date | string;
}

export interface NewChatbot {
  ownerUid: string;
  name?: string;
  description?: string;
  startUrl?: string | null;
  maxDepth?: number | null;
  maxPages?: number | null;
  includePatterns?: string[];
  excludePatterns?: string[];
  allLanguages?: boolean;
  renderJavascript?: boolean;
}

export async function insertChatbot(q: Queryable, input: NewChatbot): Promise<ChatbotRow> {
  const patterns = (input.includePatterns?.length ?? 0) + (input.excludePatterns?.length ?? 0) > 0;
  const row = await one<ChatbotRow>(
    q,
    // The pattern columns (migration 014) are named only when given, so tools and tests that work on
    // an older schema can still create bots.
    patterns
      ? `INSERT INTO chatbots (id, owner_uid, name, description, start_url, max_depth, max_pages, include_patterns, exclude_patterns)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9::text[]) RETURNING *`
      : `INSERT INTO chatbots (id, owner_uid, name, description, start_url, max_depth, max_pages) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [
      randomUUID(),
      input.ownerUid,
      input.name ?? '',
      input.description ?? '',
      input.startUrl ?? null,
      input.maxDepth ?? null,
      input.maxPages ?? null,
      ...(patterns ? [input.includePatterns ?? [], input.excludePatterns ?? []] : []),
    ],
  );
  // Named only when chosen, as the pattern columns are (migration 024).
  if (input.allLanguages) await q.query('UPDATE chatbots SET all_languages = true WHERE id = $1', [row!.id]);
  if (input.renderJavascript) await q.query('UPDATE chatbots SET render_javascript = true WHERE id = $1', [row!.id]);
  return {
    ...row!,
    ...(input.allLanguages ? { all_languages: true } : {}),
    ...(input.renderJavascript ? { render_javascript: true } : {}),
  };
}

export const getChatbotRow = (q: Queryable, id: string) => one<ChatbotRow>(q, 'SELECT * FROM chatbots WHERE id = $1', [id]);

export interface ChatbotPatch {
  name?: string;
  description?: string;
  rag_enabled?: boolean;
  system_prompt?: string;
  response_format?: string;
  include_patterns?: string[];
  exclude_patterns?: string[];
  all_languages?: boolean;
  render_javascript?: boolean;
  recrawl_schedule?: RecrawlSchedule;
  greeting?: string;
  starter_questions?: string[];
  allowed_origins?: string[];
}

/** How long after a scheduled re-crawl the next one is due, in SQL. */
export const SCHEDULE_INTERVAL_SQL = `CASE recrawl_schedule WHEN 'daily' THEN interval '1 day' WHEN 'weekly' THEN interval '7 days' END`;

const PATCHABLE = [
  'name',
  'description',
  'rag_enabled',
  'system_prompt',
  'response_format',
  'include_patterns',
  'exclude_patterns',
  'all_languages',
  'render_javascript',
  'greeting',
  'starter_questions',
  'allowed_origins',
] as const;

/** Update only the given fields; column names come from a fixed list, never from input. */
export async function updateChatbot(q: Queryable, id: string, patch: ChatbotPatch): Promise<ChatbotRow | undefined> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const key of PATCHABLE) {
    if (patch[key] === undefined) continue;
    params.push(patch[key]);
    sets.push(`${key} = $${params.length}`);
  }
  if (patch.recrawl_schedule !== undefined) {
    params.push(patch.recrawl_schedule);
    const p = `$${params.length}::text`;
    // Choosing the schedule a bot already has keeps its due time; another one starts counting now.
    sets.push(`next_recrawl_at = CASE WHEN ${p} = 'off' THEN NULL WHEN recrawl_schedule = ${p} AND next_recrawl_at IS NOT NULL THEN next_recrawl_at
                 ELSE now() + CASE ${p} WHEN 'daily' THEN interval '1 day' ELSE interval '7 days' END END`);
    sets.push(`recrawl_schedule = ${p}`);
  }
  sets.push('updated_at = now()');
  const row = await one<ChatbotRow>(q, `UPDATE chatbots SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, params);
  // This process's copies of its public info; other processes hear of it (migration 025).
  forgetPublicBot(id);
  return row;
}

/**
 * Delete a bot and everything of it: the foreign keys cascade to its sources, tasks, documents (and
 * their chunks, embeddings), term statistics, index commits, conversations (their messages, turns and
 * feedback). Returns the tasks that were running, for the caller to abort: their rows are gone, so a
 * worker elsewhere stops at its next lease renewal, and whatever a crawl still writes is refused by
 * the same foreign keys.
 */
export async function deleteChatbot(db: Db, cache: MessageCache, id: string): Promise<{ runningTaskIds: string[] }> {
  const running = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(`SELECT id FROM tasks WHERE chatbot_id = $1 AND status = 'running'`, [id]);
    await tx.query('DELETE FROM chatbots WHERE id = $1', [id]);
    return rows.map((r) => r.id);
  });
  // Copies held in this process's memory go too: cached conversations and the bot's vectors.
  cache.forgetAll();
  forgetAllVisitorConversations();
  forgetPublicBot(id);
  await forgetBotVectors(db, id);
  forgetLsaSpace(db, id);
  return { runningTaskIds: running };
}

/** A bot with its live document count and its newest task (null when it has none). */
export type ListedChatbotRow = ChatbotRow & { document_count: number; task: TaskRow | null };

/** A bot's source address as the detail view lists it. */
export interface SourceAddressRow {
  url: string;
  status: string;
  error: string | null;
  title: string | null;
}

// One round trip: live document counts and the newest task ride along with each bot.
const LIST_SQL = `
  SELECT c.*,
         (SELECT count(*) FROM documents d WHERE d.chatbot_id = c.id AND d.live)::int AS document_count,
         (SELECT row_to_json(t) FROM (SELECT * FROM tasks WHERE chatbot_id = c.id
                                     ORDER BY created_at DESC, id DESC LIMIT 1) t) AS task
    FROM chatbots c`;

export async function listChatbots(q: Queryable, ownerUid: string): Promise<ListedChatbotRow[]> {
  return q.query<ListedChatbotRow>(`${LIST_SQL} WHERE c.owner_uid = $1 ORDER BY c.created_at DESC, c.id DESC`, [ownerUid]);
}

/** One bot with its count and newest task, and its source addresses. */
export async function getChatbotDetail(q: Queryable, row: ChatbotRow): Promise<{ bot: ListedChatbotRow; sources: SourceAddressRow[] }> {
  const listed = await one<ListedChatbotRow>(q, `${LIST_SQL} WHERE c.id = $1`, [row.id]);
  const sources = await q.query<SourceAddressRow>(
    `SELECT url, status, error, title FROM sources WHERE chatbot_id = $1 ORDER BY added_manually, url LIMIT 5000`,
    [row.id],
  );
  return { bot: listed ?? { ...row, document_count: 0, task: null }, sources };
}

/**
 * Remember a bot's latest crawl settings (what the dashboard shows and a refresh reuses). Written
 * when a refresh's content is swapped in, so a refused or failed refresh leaves the bot as it was.
 */
export async function updateCrawlSettings(
  q: Queryable,
  chatbotId: string,
  url?: string,
  maxDepth?: number,
  maxPages?: number,
  allLanguages?: boolean,
): Promise<void> {
  await q.query(
    `UPDATE chatbots SET start_url = coalesce($2, start_url), max_depth = coalesce($3, max_depth),
            max_pages = coalesce($4, max_pages), all_languages = coalesce($5, all_languages), updated_at = now()
      WHERE id = $1`,
    [chatbotId, url ?? null, maxDepth ?? null, maxPages ?? null, allLanguages ?? null],
  );
}

/**
 * The name a bot gets when the owner gave none: its start address without the scheme ("docs.example.com",
 * "example.com/docs"), and " (2)", " (3)"… when the owner already has a bot of that name, so two
 * bots made from one site can be told apart in the list. Its first crawl then names it after its start
 * page's title (jobs/handlers/nameFromTitle.ts).
 */
export async function defaultBotName(q: Queryable, ownerUid: string, startUrl: string): Promise<string> {
  return uniqueBotName(q, ownerUid, addressName(startUrl));
}

/** A start address without its scheme or trailing slash: the name of a bot created without one. */
export function addressName(startUrl: string): string {
  const u = new URL(startUrl);
  return (u.host + u.pathname.replace(/\/+$/, '')).slice(0, 180);
}

/** Whether `name` is the one defaultBotName gave a bot of this start address (numbered or not). */
export function isAddressName(name: string, startUrl: string): boolean {
  const base = addressName(startUrl);
  return name === base || (name.startsWith(`${base} (`) && /^ \(\d+\)$/.test(name.slice(base.length)));
}

/** `base`, or `base (2)`, `base (3)`… when the owner already has a bot of that name. */
export async function uniqueBotName(q: Queryable, ownerUid: string, base: string): Promise<string> {
  const rows = await q.query<{ name: string }>(`SELECT name FROM chatbots WHERE owner_uid = $1 AND (name = $2 OR starts_with(name, $3))`, [
    ownerUid,
    base,
    `${base} (`,
  ]);
  const taken = new Set(rows.map((r) => r.name));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base} (${n})`)) n++;
  return `${base} (${n})`;
}
