/** The harness's calls to Docent's REST API: crawl a site into a bot, ask as a visitor, query as the owner. */

export interface ApiTarget {
  base: string;
  /** An owner's bearer token: needed to create bots and for the owner-only query route. */
  token?: string;
}

async function api<T>(
  t: ApiTarget,
  method: string,
  p: string,
  body?: unknown,
  owner = false,
): Promise<{ status: number; data: T; detail?: unknown }> {
  const res = await fetch(`${t.base}/api/v1${p}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(owner && t.token ? { authorization: `Bearer ${t.token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as { data?: T; detail?: unknown };
  return { status: res.status, data: json.data as T, detail: json.detail };
}

const visitorId = () => `visitor-${Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64url')}`;

interface TaskRow {
  id: string;
  status: string;
  progress: Record<string, number>;
  error: string | null;
}

/** Create a bot by crawling the site (POST /crawl-and-index) and wait until its task finishes. */
export async function crawlIntoBot(t: ApiTarget, site: string, name: string, maxDepth: number, maxPages: number): Promise<string> {
  const started = Date.now();
  const res = await api<{ chatbot_id: string; task_id: string }>(
    t,
    'POST',
    '/crawl-and-index',
    { url: site, max_depth: maxDepth, max_pages: maxPages, name, description: 'Created by npm run eval' },
    true,
  );
  if (res.status >= 300) throw new Error(`POST /crawl-and-index answered ${res.status}: ${JSON.stringify(res.detail)}`);
  const botId = res.data.chatbot_id;
  process.stderr.write(`crawling ${site} into bot ${botId}\n`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const tasks = await api<{ data?: TaskRow[] } | TaskRow[]>(t, 'GET', `/crawl-and-index/tasks/${botId}?limit=5`, undefined, true);
    const list = Array.isArray(tasks.data) ? tasks.data : (tasks.data?.data ?? []);
    const task = list.find((x) => x.id === res.data.task_id) ?? list[0];
    if (task) process.stderr.write(`\r  ${task.status} ${JSON.stringify(task.progress)} ${Math.round((Date.now() - started) / 1000)}s   `);
    if (task?.status === 'completed') break;
    if (task?.status === 'failed') throw new Error(`crawl of ${site} failed: ${task.error}`);
  }
  process.stderr.write(`\ncrawl done in ${Math.round((Date.now() - started) / 1000)}s\n`);
  return botId;
}

/** A visitor's question in a new conversation: the answer, the pages it cites, and how long it took. */
export async function askAsVisitor(
  t: ApiTarget,
  botId: string,
  question: string,
): Promise<{ answer: string; sources: string[]; ms: number; outcome: StoredOutcome }> {
  const visitor = visitorId();
  const conv = await api<{ id: string }>(t, 'POST', `/chatbots/${botId}/conversations`, { title: 'New Chat', visitor_id: visitor });
  if (conv.status !== 201 && conv.status !== 200) throw new Error(`create conversation answered ${conv.status}`);
  const started = performance.now();
  const sent = await api<{ assistant_message: { id: string; content: string; sources: { url: string }[] } }>(
    t,
    'POST',
    `/chatbots/${botId}/conversations/${conv.data.id}/messages`,
    { content: question, visitor_id: visitor },
  );
  const ms = performance.now() - started;
  if (sent.status !== 200) throw new Error(`message answered ${sent.status}: ${JSON.stringify(sent.detail)}`);
  const a = sent.data.assistant_message;
  return { answer: a.content, sources: a.sources.map((s) => s.url), ms, outcome: await storedOutcome(t, botId, conv.data.id, a.id) };
}

/** The outcome the product stored with an answer ('answer', 'unsure', 'none'; null for small talk or no retrieval). */
export type StoredOutcome = 'answer' | 'unsure' | 'none' | null;

/**
 * The stored outcome of one assistant message, read as the owner reads it (the conversation log),
 * so the harness scores what the product decided, not a guess from the answer's wording. Without an
 * owner token it is unknown (null).
 */
async function storedOutcome(t: ApiTarget, botId: string, conversationId: string, messageId: string): Promise<StoredOutcome> {
  if (!t.token) return null;
  const res = await api<{ messages: { id: string; outcome: StoredOutcome }[] }>(
    t,
    'GET',
    `/chatbots/${botId}/insights/conversations/${conversationId}`,
    undefined,
    true,
  );
  if (res.status !== 200) throw new Error(`conversation log answered ${res.status}: ${JSON.stringify(res.detail)}`);
  return res.data.messages.find((m) => m.id === messageId)?.outcome ?? null;
}

/**
 * The pages retrieval keeps for a question, best first, through the owner-only stateless query
 * route (its sources are every page retrieval kept, cited or not). top_k only cuts the ordered
 * list, so the first 5 of 10 are the pages a visitor's answer draws on.
 */
export async function queryAsOwner(t: ApiTarget, botId: string, question: string, topK = 10): Promise<{ pages: string[]; ms: number }> {
  const started = performance.now();
  const res = await api<{ sources: { url: string }[] }>(t, 'POST', `/chatbots/${botId}/query`, { question, top_k: topK }, true);
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`POST /chatbots/${botId}/query answered ${res.status}: ${JSON.stringify(res.detail)}`);
  return { pages: res.data.sources.map((s) => s.url), ms };
}
