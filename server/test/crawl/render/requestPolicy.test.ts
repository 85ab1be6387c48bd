import { describe, expect, it } from 'vitest';
import { judgeRequest, type RenderRequest } from '../../../src/crawl/render/requestPolicy.js';

/** What a page being rendered may load (the part decided before safeFetch resolves and connects). */
const PAGE = 'https://docs.example.com/guide/';
const req = (url: string, resourceType = 'script', extra: Partial<RenderRequest> = {}): RenderRequest => ({
  url,
  method: 'GET',
  resourceType,
  mainFrame: false,
  ...extra,
});
const loads = (r: RenderRequest, page = PAGE, allow: string[] = []) => judgeRequest(r, page, allow).load;

describe('judgeRequest', () => {
  it("loads the page's scripts, styles and data, and public scripts of other hosts", () => {
    expect(loads(req('https://docs.example.com/assets/app.js'))).toBe(true);
    expect(loads(req('https://docs.example.com/api/pages.json', 'fetch'))).toBe(true);
    expect(loads(req('https://docs.example.com/app.css', 'stylesheet'))).toBe(true);
    expect(loads(req('https://cdn.jsdelivr.net/npm/preact/dist/preact.js'))).toBe(true);
    expect(loads(req('https://docs.example.com/about', 'document', { mainFrame: true }))).toBe(true);
  });

  it('never loads images, fonts, media, beacons or frames', () => {
    for (const type of ['image', 'font', 'media', 'ping', 'websocket', 'eventsource', 'manifest', 'other'])
      expect(loads(req('https://docs.example.com/x', type)), type).toBe(false);
    expect(loads(req('https://www.youtube.com/embed/x', 'document', { mainFrame: false }))).toBe(false);
  });

  it('refuses private, loopback, link-local and metadata addresses, in every spelling', () => {
    for (const url of [
      'http://127.0.0.1:8080/admin',
      'http://10.0.0.5/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0x7f000001/',
    ]) {
      const verdict = judgeRequest(req(url, 'fetch'), PAGE, []);
      expect(verdict.load, url).toBe(false);
    }
    const verdict = judgeRequest(req('http://10.0.0.5/', 'fetch'), PAGE, []);
    expect(verdict).toEqual({ load: false, reason: '10.0.0.5 is a private address' });
  });

  it('opens an allow-listed private host to its own pages only', () => {
    const allow = ['127.0.0.1:4000'];
    const local = 'http://127.0.0.1:4000/';
    expect(loads(req('http://127.0.0.1:4000/app.js'), local, allow)).toBe(true);
    // Another port of the same loopback address is not on the list.
    expect(loads(req('http://127.0.0.1:4001/secret', 'fetch'), local, allow)).toBe(false);
    // A public page's script may not reach into the operator's private host.
    const verdict = judgeRequest(req('http://127.0.0.1:4000/secret', 'fetch'), PAGE, allow);
    expect(verdict.load).toBe(false);
    expect(!verdict.load && verdict.reason).toContain('CRAWL_ALLOW_HOSTS');
  });

  it('makes no request that submits something, and no other scheme', () => {
    expect(loads(req('https://docs.example.com/api/track', 'fetch', { method: 'POST' }))).toBe(false);
    expect(loads(req('file:///etc/passwd', 'fetch'))).toBe(false);
    expect(loads(req('ftp://docs.example.com/x', 'fetch'))).toBe(false);
  });
});
