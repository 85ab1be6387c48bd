import { z } from 'zod';
import { normalizeUrl } from '../../../crawl/urls.js';
import { storedText, urlPatternsSchema } from '../schemas.js';
import type { CollectRequest, CrawlRequest, IndexRequest, RecrawlRequest } from '../../../../../shared/src/contract/requests.js';
import { agrees, type Drift } from '../contractCheck.js';

/**
 * http(s) URLs only, as the dashboard's own check ('Invalid URL format.'), and only those the
 * crawler can take as they are (its normal form fits 2,048 characters once percent-encoded).
 */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && value.length <= 2048 && normalizeUrl(value) !== undefined
    );
  } catch {
    return false;
  }
}

/** user:password@ in a URL: the crawler never sends credentials, so such a URL is refused up front. */
function hasCredentials(value: string): boolean {
  try {
    const u = new URL(value);
    return u.username !== '' || u.password !== '';
  } catch {
    return false;
  }
}

const CREDENTIALS = { message: 'URLs with a user name or password are not supported.', abort: true };
const httpUrl = (s: z.ZodString) => s.refine((v) => !hasCredentials(v), CREDENTIALS).refine(isHttpUrl, 'Invalid URL format.');

const url = httpUrl(z.string({ error: 'url is required' }).trim().min(1, 'url is required'));
// Numbers, or numeric strings from form fields; server caps are applied by the routes (clamped).
const count = (name: string, min: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`);
const name = storedText('name').trim().max(200, 'name must be at most 200 characters').optional();
const description = storedText('description').max(2000, 'description must be at most 2000 characters').optional();

const allLanguages = z.boolean({ error: 'all_languages must be true or false' }).optional();
const renderJavascript = z.boolean({ error: 'render_javascript must be true or false' }).optional();
const patterns = {
  include_patterns: urlPatternsSchema('include_patterns').optional(),
  exclude_patterns: urlPatternsSchema('exclude_patterns').optional(),
  all_languages: allLanguages,
  render_javascript: renderJavascript,
};

export const collectSchema = z
  .object({ url, max_depth: count('max_depth', 0).optional(), max_pages: count('max_pages', 1).optional(), ...patterns })
  .strict();

export const crawlAndIndexSchema = z
  .object({ url, max_depth: count('max_depth', 0).optional(), max_pages: count('max_pages', 1).optional(), name, description, ...patterns })
  .strict();

/** One source added or removed on the detail page. */
export const sourceUrlSchema = url;

const urlList = z.array(httpUrl(z.string().trim())).max(10_000, 'too many URLs');

export const indexUrlsSchema = z
  .object({ urls_to_index: urlList.optional(), urls: urlList.optional(), name, description, render_javascript: renderJavascript })
  .strict()
  .refine((b) => (b.urls_to_index?.length ?? 0) + (b.urls?.length ?? 0) > 0, {
    message: 'Please select or add at least one URL to crawl.',
    path: ['urls_to_index'],
  });

export const recrawlSchema = z
  .object({
    chatbot_id: z.string({ error: 'chatbot_id is required' }),
    url: url.optional(),
    max_depth: count('max_depth', 0).optional(),
    max_pages: count('max_pages', 1).optional(),
    all_languages: allLanguages,
  })
  .strict();

// The clients send these bodies (shared/src/contract/requests.ts): the typecheck fails on drift.
agrees<Drift<typeof collectSchema, CollectRequest>>();
agrees<Drift<typeof crawlAndIndexSchema, CrawlRequest>>();
agrees<Drift<typeof indexUrlsSchema, IndexRequest>>();
agrees<Drift<typeof recrawlSchema, RecrawlRequest>>();
