import type {
  ChatbotPatch,
  CollectRequest,
  CrawlRequest,
  IndexRequest,
  PromptsPatch,
  QueryRequest,
  RecrawlRequest,
} from '../contract/requests';
import { ApiError, type Transport } from './transport';
import type { Chatbot, ClientConfig, Task } from './types';
import type {
  ChatbotDeleted,
  ChatbotDetail,
  ChatbotList,
  CollectResult,
  QueryResult,
  SourceAdded,
  SourceRemoved,
  StartedTask,
  TaskStopped,
} from '../contract/chatbotSchemas';
import type { Health } from '../contract/operationSchemas';
import type { TaskListQuery } from '../contract/querySchemas';

/** Request bodies: written once, in the contract the server's schemas are checked against. */
export type { CollectRequest, CrawlRequest, IndexRequest, PatternFields, RecrawlRequest } from '../contract/requests';
export type CrawlSettingsPatch = Pick<
  ChatbotPatch,
  'include_patterns' | 'exclude_patterns' | 'all_languages' | 'render_javascript' | 'recrawl_schedule'
>;
/** What visitors see first, and which sites may embed the bot (PATCH /chatbots/{id}). */
export type BotSettingsPatch = Pick<ChatbotPatch, 'greeting' | 'starter_questions' | 'allowed_origins'>;
/** Response shapes: inferred from the routes' schemas (shared/src/contract/chatbotSchemas.ts). */
export type { CollectResult, QueryResult, StartedTask } from '../contract/chatbotSchemas';
/** Query shapes: inferred from the routes' schemas (shared/src/contract/querySchemas.ts). */
export type { TaskListQuery } from '../contract/querySchemas';

const enc = encodeURIComponent;

/** Owner calls (bearer token) plus health and client config. */
export function ownerApi({ call, callOutcome }: Transport) {
  return {
    health: () => call<Health>('GET', '/health'),
    getClientConfig: () => call<ClientConfig>('GET', '/client-config'),
    listChatbots: async () => (await call<ChatbotList>('GET', '/chatbots')).chatbots,
    getChatbot: async (id: string) => (await call<ChatbotDetail>('GET', `/chatbots/${enc(id)}`)).chatbot,
    updateChatbot: (id: string, patch: Pick<ChatbotPatch, 'name' | 'description' | 'rag_enabled' | 'language'>) =>
      call<Chatbot>('PATCH', `/chatbots/${enc(id)}`, patch),
    updateBotSettings: (id: string, patch: BotSettingsPatch) => call<Chatbot>('PATCH', `/chatbots/${enc(id)}`, patch),
    updatePrompts: (id: string, patch: PromptsPatch) => call<Chatbot>('PATCH', `/chatbots/${enc(id)}/prompts`, patch),
    deleteChatbot: (id: string) => call<ChatbotDeleted>('DELETE', `/chatbots/${enc(id)}`),
    listTasks: (chatbotId: string, q: TaskListQuery = {}) =>
      call<Task[]>('GET', `/crawl-and-index/tasks/${enc(chatbotId)}`, undefined, {
        task_type: q.task_type ?? 'crawl_and_index',
        limit: q.limit ?? 20,
        offset: q.offset ?? 0,
        status: q.status,
      }),
    /** `success: false` in a 2xx answer is returned, not thrown: the wizard words it itself (spec §8). */
    collectUrls: (req: CollectRequest) => callOutcome<CollectResult>('POST', '/indexing/collect-urls', req),
    indexUrls: (req: IndexRequest) => call<StartedTask>('POST', '/indexing/index-urls', req),
    /** `success: false` in a 2xx answer is returned, not thrown: the form words it itself (spec §8). */
    crawlAndIndex: (req: CrawlRequest) => callOutcome<StartedTask>('POST', '/crawl-and-index', req),
    recrawl: (req: RecrawlRequest) => call<StartedTask>('POST', '/indexing/crawl', req),
    updateCrawlSettings: (id: string, patch: CrawlSettingsPatch) => call<Chatbot>('PATCH', `/chatbots/${enc(id)}`, patch),
    stopTask: (chatbotId: string, taskId: string) =>
      call<TaskStopped>('POST', `/crawl-and-index/tasks/${enc(chatbotId)}/${enc(taskId)}/stop`),
    addSource: (chatbotId: string, url: string) => call<SourceAdded>('POST', `/chatbots/${enc(chatbotId)}/sources`, { url }),
    removeSource: (chatbotId: string, url: string) =>
      call<SourceRemoved>('DELETE', `/chatbots/${enc(chatbotId)}/sources`, undefined, { url }),
    /** Throws ApiError 'Query failed' when a 2xx answer says `success: false` (spec §7); other failures carry the server's detail. */
    query: async (id: string, question: string, top_k?: number) => {
      const result = await callOutcome<QueryResult>(
        'POST',
        `/chatbots/${enc(id)}/query`,
        (top_k === undefined ? { question } : { question, top_k }) satisfies QueryRequest,
      );
      if (!result.success) throw new ApiError(200, 'Query failed', result.detail);
      return result.data;
    },
  };
}
