import type { Chatbot, Task } from '../../../shared/src/api/types';

/** Realistic REST payloads for component tests. */
export function task(overrides: Partial<Task> = {}): Task {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    chatbot_id: '00000000-0000-4000-8000-000000000001',
    task_type: 'crawl_and_index',
    status: 'completed',
    progress: { discovered: 12, fetched: 10, indexed: 9, failed: 1, skipped: 0 },
    error: null,
    attempts: 1,
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:01:00.000Z',
    started_at: '2026-01-05T10:00:01.000Z',
    finished_at: null,
    limit_reached: null,
    ...overrides,
  };
}

export function chatbot(overrides: Partial<Chatbot> = {}): Chatbot {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Acme Docs',
    description: 'Answers about Acme.',
    system_prompt: 'Be brief.',
    response_format: 'Markdown',
    rag_enabled: true,
    start_url: 'https://docs.acme.dev/',
    max_depth: 2,
    max_pages: 10,
    include_patterns: [],
    exclude_patterns: [],
    all_languages: false,
    render_javascript: false,
    language: 'en',
    language_chosen: false,
    recrawl_schedule: 'off',
    next_recrawl_at: null,
    greeting: '',
    starter_questions: [],
    allowed_origins: [],
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
    document_count: 9,
    urls: [{ url: 'https://docs.acme.dev/' }, { url: 'https://docs.acme.dev/guide' }],
    latest_task: task(),
    ...overrides,
  };
}
