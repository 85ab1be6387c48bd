import { z } from 'zod';
import { storedText } from '../schemas.js';

/** http(s) URLs only, as the dashboard's own check ('Invalid URL format.'). */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && value.length <= 2048;
  } catch {
    return false;
  }
}

const url = z
  .string({ error: 'url is required' })
  .trim()
  .min(1, 'url is required')
  .refine(isHttpUrl, 'Invalid URL format.');
// Numbers, or numeric strings from form fields; server caps are applied by the routes (clamped).
const count = (name: string, min: number) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(min, `${name} must be at least ${min}`);
const name = storedText('name').trim().max(200, 'name must be at most 200 characters').optional();
const description = storedText('description').max(2000, 'description must be at most 2000 characters').optional();

export const collectSchema = z
  .object({ url, max_depth: count('max_depth', 0).optional(), max_pages: count('max_pages', 1).optional() })
  .strict();

export const crawlAndIndexSchema = z
  .object({ url, max_depth: count('max_depth', 0).optional(), max_pages: count('max_pages', 1).optional(), name, description })
  .strict();

const urlList = z.array(z.string().trim().refine(isHttpUrl, 'Invalid URL format.')).max(10_000, 'too many URLs');

export const indexUrlsSchema = z
  .object({ urls_to_index: urlList.optional(), urls: urlList.optional(), name, description })
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
  })
  .strict();
