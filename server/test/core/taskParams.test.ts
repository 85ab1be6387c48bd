import { describe, expect, it } from 'vitest';
import { PermanentTaskError } from '../../src/jobs/registry.js';
import { CRAWL_DEFAULTS, parseTaskParams } from '../../src/jobs/taskParams.js';

/** The queue's params, checked per task type where a handler reads them. */
describe('task params', () => {
  it('reads what the routes enqueue', () => {
    expect(parseTaskParams('crawl_and_index', { url: 'https://example.com/', max_depth: 1, max_pages: 5 })).toEqual({
      url: 'https://example.com/',
      max_depth: 1,
      max_pages: 5,
    });
    expect(parseTaskParams('index_urls', { urls: ['https://a.example/', 'https://b.example/'] }).urls).toHaveLength(2);
    expect(parseTaskParams('crawl', { scheduled: true })).toEqual({ scheduled: true });
    expect(parseTaskParams('crawl', {})).toEqual({});
    expect(parseTaskParams('index_page', { url: 'https://example.com/a' }).url).toBe('https://example.com/a');
  });

  it('lets a setting that is not a whole number fall back to the default, and drops non-strings from a URL list', () => {
    expect(parseTaskParams('crawl_and_index', { url: 'https://example.com/', max_depth: 1.5, max_pages: 'many' })).toEqual({
      url: 'https://example.com/',
    });
    expect(parseTaskParams('index_urls', { urls: ['https://a.example/', 7, null] }).urls).toEqual(['https://a.example/']);
    expect(CRAWL_DEFAULTS).toEqual({ maxDepth: 2, maxPages: 10 });
  });

  it('fails a task that cannot run for good, with the reason the owner sees', () => {
    const reason = (type: Parameters<typeof parseTaskParams>[0], raw: unknown) => {
      try {
        parseTaskParams(type, raw);
        return 'parsed';
      } catch (err) {
        expect(err).toBeInstanceOf(PermanentTaskError);
        return (err as Error).message;
      }
    };
    expect(reason('crawl_and_index', {})).toBe('The task has no start URL.');
    expect(reason('crawl_and_index', { url: 42 })).toBe('The task has no start URL.');
    expect(reason('index_urls', { urls: [] })).toBe('The task has no URLs to index.');
    expect(reason('index_urls', { urls: 'https://a.example/' })).toBe('The task has no URLs to index.');
    expect(reason('index_page', null)).toBe('The task has no URLs to index.');
    expect(reason('crawl', [1, 2])).toBe('The task has unreadable settings.');
  });
});
