import type { Chatbot } from '../../../../shared/src/api/types.js';
import type { ListedChatbotRow, SourceAddressRow } from '../../db/repositories/chatbots.js';
import { iso } from '../../db/repositories/timestamps.js';
import { presentTask } from './task.js';

/**
 * A bot as its owner sees it: settings, live document count and newest task; with `sources`, its
 * source addresses too (the detail view). Columns added by later migrations may be missing from
 * rows read before them, so each has its default here.
 */
export function presentChatbot(row: ListedChatbotRow, sources?: SourceAddressRow[]): Chatbot {
  const bot: Chatbot = {
    id: row.id,
    name: row.name,
    description: row.description,
    system_prompt: row.system_prompt,
    response_format: row.response_format,
    rag_enabled: row.rag_enabled,
    start_url: row.start_url,
    max_depth: row.max_depth,
    max_pages: row.max_pages,
    include_patterns: row.include_patterns ?? [],
    exclude_patterns: row.exclude_patterns ?? [],
    all_languages: row.all_languages ?? false,
    render_javascript: row.render_javascript ?? false,
    language: row.language ?? null,
    language_chosen: row.language_chosen ?? false,
    recrawl_schedule: row.recrawl_schedule ?? 'off',
    next_recrawl_at: row.next_recrawl_at === undefined ? null : iso(row.next_recrawl_at),
    greeting: row.greeting ?? '',
    starter_questions: row.starter_questions ?? [],
    allowed_origins: row.allowed_origins ?? [],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    document_count: row.document_count,
    latest_task: row.task ? presentTask(row.task) : null,
  };
  if (sources) bot.urls = sources;
  return bot;
}
