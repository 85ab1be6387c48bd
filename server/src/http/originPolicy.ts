import type { FastifyRequest } from 'fastify';
import { chatTexts } from '../../../shared/src/messages/index.js';
import { getPublicBot } from '../db/repositories/publicBotCache.js';
import type { AppContext } from './context.js';
import { HttpError } from './errors.js';

/** At most this many sites may embed one bot (a list, not a registry). */
export const MAX_ALLOWED_ORIGINS = 20;

/**
 * An owner's entry ("example.com", "https://example.com/", "http://localhost:8080") as the origin a
 * browser sends (scheme://host[:port], lower case, default port dropped), or why it is not one.
 * A bare host means https.
 */
export function normaliseOrigin(input: string): { origin: string } | { problem: string } {
  const raw = input.trim();
  if (!raw) return { problem: 'an allowed domain must not be empty' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { problem: `'${raw}' is not a site address (try https://example.com)` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: `'${raw}' must start with http:// or https://` };
  if (url.username || url.password) return { problem: `'${raw}' must not hold a user name or password` };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    return { problem: `'${raw}' must be a site only, without a path (try ${url.origin})` };
  }
  if (!url.hostname || url.hostname.includes('*')) return { problem: `'${raw}' must name one site (no wildcards)` };
  return { origin: url.origin };
}

/** The Origin header as comparable text, or null when the request names none. */
function requestOrigin(request: FastifyRequest): string | null {
  const header = request.headers.origin;
  if (!header) return null;
  try {
    const url = new URL(header);
    return url.origin === 'null' ? header : url.origin;
  } catch {
    return header;
  }
}

/** Same origin as the server itself (Docent's own /chat page or dashboard, reached by any host name). */
function isSameOrigin(request: FastifyRequest, origin: string): boolean {
  try {
    const page = new URL(origin);
    // Through the same URL parser, so a default port written out ("host:80") compares equal.
    return Boolean(request.headers.host) && page.host === new URL(`${page.protocol}//${request.headers.host}`).host;
  } catch {
    return false;
  }
}

/**
 * The embedding rule of a bot's public routes: an empty list lets any site in; otherwise only the
 * listed origins, Docent's own origins (the /chat link, the dashboard) and requests without an Origin
 * header (not a browser page; such a caller could send any Origin anyway, so this protects the
 * owner's bot from being embedded elsewhere, it is not authentication). Refusals are 403 with a
 * detail the widget shows as is, in the bot's language (shared/src/messages/).
 */
export function assertOriginAllowed(
  request: FastifyRequest,
  allowedOrigins: readonly string[] | null | undefined,
  ownOrigins: readonly string[],
  language?: string | null,
): void {
  if (!allowedOrigins?.length) return;
  const origin = requestOrigin(request);
  if (!origin || allowedOrigins.includes(origin) || ownOrigins.includes(origin) || isSameOrigin(request, origin)) return;
  throw new HttpError(403, 'origin_not_allowed', chatTexts(language).notOnThisSite);
}

/**
 * The rule for a route that has not loaded the bot: looks it up only for a request from a browser
 * page (an unknown bot passes here and gets the route's own 404).
 */
export async function checkEmbeddingOrigin(ctx: AppContext, request: FastifyRequest, chatbotId: string): Promise<void> {
  if (!request.headers.origin) return;
  // From the bots' cache, so a cached message listing stays one database round trip (or none).
  const bot = await getPublicBot(ctx.db, chatbotId);
  assertOriginAllowed(request, bot?.allowed_origins, ctx.config.dashboardOrigins, bot?.language);
}
