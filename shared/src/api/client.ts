import type {
  ChatbotPatch,
  CollectRequest,
  CrawlRequest,
  CreateConversationRequest,
  FeedbackRequest,
  IndexRequest,
  PromptsPatch,
  QueryRequest,
  RecrawlRequest,
  SendMessageRequest,
} from '../contract/requests';
import { readStreamEvents } from './sse';
import type {
  Chatbot,
  ClientConfig,
  Conversation,
  Envelope,
  Message,
  PublicChatbot,
  Source,
  StreamEvent,
  Task,
  TaskStatus,
  TaskType,
} from './types';

/** A failed call: HTTP status (0 when the network failed) and the server's detail as message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's detail as one message: a string, or the msg of the first validation entry. */
export function detailMessage(detail: unknown): string | null {
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail)) {
    const first = detail[0] as { msg?: unknown } | undefined;
    if (first && typeof first.msg === 'string') return first.msg;
  }
  return null;
}

export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the server; '' means the page's own origin. */
  baseUrl: string;
  /** Bearer token of the signed-in user, if any. */
  getToken?: () => Promise<string | null>;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** Request bodies: written once, in the contract the server's schemas are checked against. */
export type { CollectRequest, CrawlRequest, IndexRequest, PatternFields, RecrawlRequest } from '../contract/requests';
export type CrawlSettingsPatch = Pick<ChatbotPatch, 'include_patterns' | 'exclude_patterns' | 'recrawl_schedule'>;
/** What visitors see first, and which sites may embed the bot (PATCH /chatbots/{id}). */
export type BotSettingsPatch = Pick<ChatbotPatch, 'greeting' | 'starter_questions' | 'allowed_origins'>;
export interface CollectResult {
  collected_urls: string[];
  count: number;
}
export interface StartedTask {
  chatbot_id: string;
  task_id: string;
}
export interface TaskListQuery {
  task_type?: TaskType | 'all';
  status?: TaskStatus;
  limit?: number;
  offset?: number;
}
export interface QueryResult {
  answer: string;
  sources: Source[];
}
export interface SentMessages {
  user_message: Message;
  assistant_message: Message;
}
type Query = Record<string, string | number | undefined>;
/** A 2xx envelope as the server sent it: data, or the server's own `success: false`. */
export type Outcome<T> = { success: true; data: T } | { success: false; detail?: unknown };

const API = '/api/v1';

/** Low-level JSON-over-fetch with the envelope unwrapped; both API surfaces are built on it. */
export function createTransport(options: ApiClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '') + API;
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);

  function url(path: string, query?: Query): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
    const qs = params.toString();
    return base + path + (qs ? `?${qs}` : '');
  }

  async function send(method: string, path: string, body?: unknown, query?: Query, extra?: { signal?: AbortSignal; accept?: string }) {
    const headers: Record<string, string> = { Accept: extra?.accept ?? 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = options.getToken ? await options.getToken().catch(() => null) : null;
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await doFetch(url(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: extra?.signal,
      });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') throw err;
      throw new ApiError(0, 'Network error: the server could not be reached.');
    }
  }

  async function unwrap<T>(res: Response): Promise<T> {
    let payload: Envelope<T> | null = null;
    try {
      payload = (await res.json()) as Envelope<T>;
    } catch {
      payload = null;
    }
    if (res.ok && payload && payload.success === true) return payload.data;
    const detail = payload && payload.success === false ? payload.detail : undefined;
    throw new ApiError(res.status, detailMessage(detail) ?? `Request failed (${res.status})`, detail);
  }

  /**
   * Like unwrap, but a 2xx answer is returned as it came, `success: false` included: that is the
   * server's own "it did not work", which some screens word differently from a failed request
   * (spec §8). Anything else (non-2xx, no envelope) still throws ApiError with the server's detail.
   */
  async function outcome<T>(res: Response): Promise<Outcome<T>> {
    let payload: Outcome<T> | null = null;
    try {
      payload = (await res.clone().json()) as Outcome<T>;
    } catch {
      payload = null;
    }
    if (res.ok && payload && typeof payload.success === 'boolean') return payload;
    return unwrap<T>(res).then((data) => ({ success: true, data }));
  }

  const call = async <T>(method: string, path: string, body?: unknown, query?: Query, init?: { signal?: AbortSignal }) =>
    unwrap<T>(await send(method, path, body, query, init));
  const callOutcome = async <T>(method: string, path: string, body?: unknown) => outcome<T>(await send(method, path, body));
  return { send, unwrap, call, callOutcome };
}
type Transport = ReturnType<typeof createTransport>;
const enc = encodeURIComponent;

/** Visitor calls (no sign-in): all the widget needs, so its bundle carries nothing else. */
export function visitorApi({ send, unwrap, call }: Transport) {
  const convPath = (botId: string, convId: string) => `/chatbots/${enc(botId)}/conversations/${enc(convId)}/messages`;
  return {
    getPublicChatbot: (id: string) => call<PublicChatbot>('GET', `/chatbots/${enc(id)}/public`),
    listConversations: async (botId: string, visitorId: string) =>
      (await call<{ conversations: Conversation[] }>('GET', `/chatbots/${enc(botId)}/conversations`, undefined, { visitor_id: visitorId }))
        .conversations,
    createConversation: (botId: string, title: string, visitorId: string) =>
      call<Conversation>('POST', `/chatbots/${enc(botId)}/conversations`, {
        title,
        visitor_id: visitorId,
      } satisfies CreateConversationRequest),
    listMessages: async (
      botId: string,
      convId: string,
      visitorId: string,
      q: { after?: number; limit?: number; signal?: AbortSignal } = {},
    ) =>
      (
        await call<{ messages: Message[] }>(
          'GET',
          convPath(botId, convId),
          undefined,
          { visitor_id: visitorId, after: q.after, limit: q.limit ?? 50 },
          { signal: q.signal },
        )
      ).messages,
    /** Thumbs up (1), down (-1) or cleared (null) on one of the visitor's answers. */
    rateMessage: (botId: string, convId: string, messageId: string, rating: 1 | -1 | null, visitorId: string) =>
      call<{ message_id: string; feedback: 1 | -1 | null }>('PUT', `${convPath(botId, convId)}/${enc(messageId)}/feedback`, {
        rating,
        visitor_id: visitorId,
      } satisfies FeedbackRequest),
    sendMessage: (botId: string, convId: string, content: string, visitorId: string, init: { signal?: AbortSignal } = {}) =>
      call<SentMessages>('POST', convPath(botId, convId), { content, visitor_id: visitorId } satisfies SendMessageRequest, undefined, init),
    /**
     * Sends a message and yields the answer as it streams (SSE over fetch). A server that answers
     * with plain JSON instead still works: its result is yielded as one `done` event.
     */
    async *streamMessage(
      botId: string,
      convId: string,
      content: string,
      visitorId: string,
      init: { signal?: AbortSignal } = {},
    ): AsyncGenerator<StreamEvent> {
      const res = await send('POST', convPath(botId, convId), { content, visitor_id: visitorId } satisfies SendMessageRequest, undefined, {
        signal: init.signal,
        accept: 'text/event-stream',
      });
      const type = res.headers.get('content-type') ?? '';
      if (res.ok && res.body && type.includes('text/event-stream')) {
        yield* readStreamEvents(res.body);
        return;
      }
      const data = await unwrap<SentMessages>(res);
      yield { event: 'done', data };
    },
  };
}

/** Owner calls (bearer token) plus health and client config. */
export function ownerApi({ call, callOutcome }: Transport) {
  return {
    health: () => call<{ status: string; db: string; worker: string }>('GET', '/health'),
    getClientConfig: () => call<ClientConfig>('GET', '/client-config'),
    listChatbots: async () => (await call<{ chatbots: Chatbot[] }>('GET', '/chatbots')).chatbots,
    getChatbot: async (id: string) => (await call<{ chatbot: Chatbot }>('GET', `/chatbots/${enc(id)}`)).chatbot,
    updateChatbot: (id: string, patch: Pick<ChatbotPatch, 'name' | 'description' | 'rag_enabled'>) =>
      call<Chatbot>('PATCH', `/chatbots/${enc(id)}`, patch),
    updateBotSettings: (id: string, patch: BotSettingsPatch) => call<Chatbot>('PATCH', `/chatbots/${enc(id)}`, patch),
    updatePrompts: (id: string, patch: PromptsPatch) => call<Chatbot>('PATCH', `/chatbots/${enc(id)}/prompts`, patch),
    deleteChatbot: (id: string) => call<{ id: string; deleted: boolean }>('DELETE', `/chatbots/${enc(id)}`),
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
    recrawl: (req: RecrawlRequest) => call<{ task_id: string }>('POST', '/indexing/crawl', req),
    updateCrawlSettings: (id: string, patch: CrawlSettingsPatch) => call<Chatbot>('PATCH', `/chatbots/${enc(id)}`, patch),
    stopTask: (chatbotId: string, taskId: string) =>
      call<{ task_id: string; stopped: boolean }>('POST', `/crawl-and-index/tasks/${enc(chatbotId)}/${enc(taskId)}/stop`),
    addSource: (chatbotId: string, url: string) =>
      call<{ task_id: string; url: string }>('POST', `/chatbots/${enc(chatbotId)}/sources`, { url }),
    removeSource: (chatbotId: string, url: string) =>
      call<{ url: string; removed: boolean }>('DELETE', `/chatbots/${enc(chatbotId)}/sources`, undefined, { url }),
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

/** Typed client for every /api/v1 call (DESIGN §2, spec §7); unwraps the envelope or throws ApiError. */
export function createApiClient(options: ApiClientOptions) {
  const transport = createTransport(options);
  return { ...ownerApi(transport), ...visitorApi(transport) };
}

/** Only the visitor calls (the widget). */
export function createVisitorClient(options: ApiClientOptions) {
  return visitorApi(createTransport(options));
}

export type ApiClient = ReturnType<typeof createApiClient>;
/** What the chat thread needs; a full ApiClient is one too. */
export type VisitorApi = ReturnType<typeof visitorApi>;
