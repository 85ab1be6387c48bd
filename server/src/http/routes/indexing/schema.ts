import { REQUESTS } from '../schemas.js';

/** The crawl and indexing requests (shared/src/contract/requestSchemas.ts). */
export { isHttpUrl } from '../schemas.js';
export const collectSchema = REQUESTS.collect;
export const crawlAndIndexSchema = REQUESTS.crawlAndIndex;
export const indexUrlsSchema = REQUESTS.indexUrls;
export const recrawlSchema = REQUESTS.recrawl;
/** One source added or removed on the detail page. */
export const sourceUrlSchema = REQUESTS.sourceUrl.shape.url;
