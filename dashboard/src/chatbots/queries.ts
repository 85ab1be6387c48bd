import useSWR, { useSWRConfig } from 'swr';
import { ApiError } from '../../../shared/src/api/client';
import type { Chatbot, Task } from '../../../shared/src/api/types';
import { api } from '../api/client';

export const chatbotsKey = ['chatbots'] as const;
export const chatbotKey = (id: string) => ['chatbot', id] as const;

/** GET /chatbots: the signed-in owner's chatbots. */
export function useChatbots() {
  return useSWR<Chatbot[]>(chatbotsKey, () => api.listChatbots());
}

/** The server has no such chatbot (or not for this owner): there is no data to show. */
export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;

/** GET /chatbots/{id}; no request without an id. A 404 is an answer, not a failure to retry. */
export function useChatbot(id: string | undefined) {
  return useSWR<Chatbot>(id ? chatbotKey(id) : null, () => api.getChatbot(id as string), { shouldRetryOnError: (err) => !isNotFound(err) });
}

/** Refreshes the list and one bot (after a save, a finished task, a new bot). */
export function useRefreshChatbots() {
  const { mutate } = useSWRConfig();
  return (id?: string) => {
    void mutate(chatbotsKey);
    if (id) void mutate(chatbotKey(id));
  };
}

/** GET /crawl-and-index/tasks/{id} (task_type crawl_and_index, limit 20, offset 0): the first item is the latest. */
export async function fetchLatestTask(chatbotId: string): Promise<Task | null> {
  const tasks = await api.listTasks(chatbotId, { task_type: 'crawl_and_index', limit: 20, offset: 0 });
  return tasks[0] ?? null;
}
