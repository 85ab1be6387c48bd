import { ownerApi } from './ownerApi';
import { createTransport, type ApiClientOptions } from './transport';
import { visitorApi } from './visitorApi';

/**
 * The typed API client: the transport (envelope, errors) in transport.ts, the owner's calls in
 * ownerApi.ts, the visitor's in visitorApi.ts; this module puts them together and is what the
 * dashboard and widget import.
 */
export { ApiError, createTransport, detailMessage, type ApiClientOptions, type Outcome } from './transport';
export type {
  BotSettingsPatch,
  CollectRequest,
  CollectResult,
  CrawlRequest,
  CrawlSettingsPatch,
  IndexRequest,
  PatternFields,
  QueryResult,
  RecrawlRequest,
  StartedTask,
  TaskListQuery,
} from './ownerApi';
export type { SentMessages } from './visitorApi';
export { ownerApi, visitorApi };

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
