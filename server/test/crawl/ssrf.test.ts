import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedRange } from '../../src/crawl/addressPolicy.js';
import { createSafeFetcher, type LookupFn, type SafeFetcher } from '../../src/crawl/safeFetch.js';
import { FetchError } from '../../src/crawl/fetchErrors.js';

// A real local server the allow-list opens, which redirects into private space on request.
let server: http.Server;
let origin: string;
let fetcher: SafeFetcher;
let hits = 0;

// A "public-looking" name resolved by our own DNS stub to loopback / metadata / mixed answers.
const stubDns: LookupFn = (hostname, _opts, cb) => {
  const answers: Record<string, { address: string; family: number }[]> = {
    'docs.example.test': [{ address: '127.0.0.1', family: 4 }],
    'metadata.example.test': [{ address: '169.254.169.254', family: 4 }],
    'mixed.example.test': [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ],
    'v6.example.test': [{ address: '::1', family: 6 }],
    'mapped.example.test': [{ address: '::ffff:192.168.0.1', family: 6 }],
  };
  const a = answers[hostname];
  if (!a) return dns.lookup(hostname, { all: true }, (err, addresses) => cb(err, addresses ?? [])); // real DNS (localhost)
  cb(null, a);
};

// Started at collection time: the table of targets below needs the fixture's port.
{
  server = http.createServer((req, res) => {
    hits++;
    const to = new URL(req.url!, 'http://x').searchParams.get('to');
    if (to) {
      res.writeHead(302, { location: to });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<h1>ok</h1>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Only the fixture's exact host:port is opened; nothing below is.
  fetcher = createSafeFetcher({ userAgent: 'DocentBot/test', allowHosts: [new URL(origin).host], timeoutMs: 3000, lookup: stubDns });
}

afterAll(async () => {
  await fetcher.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const port = () => new URL(origin).port;

const hostileTargets = (): [string, string][] => [
  ['decimal IPv4 for 127.0.0.1', 'http://2130706433/'],
  ['octal IPv4', 'http://0177.0.0.1/'],
  ['hex IPv4', 'http://0x7f.0.0.1/'],
  ['hex integer IPv4', 'http://0x7f000001/'],
  ['short-form IPv4 127.1', 'http://127.1/'],
  ['loopback on the fixture port, other address', `http://127.0.0.2:${port()}/`],
  ['unspecified 0.0.0.0', 'http://0.0.0.0/'],
  ['IPv6 loopback', `http://[::1]:${port()}/`],
  ['IPv4-mapped IPv6 loopback, dotted', 'http://[::ffff:127.0.0.1]/'],
  ['IPv4-mapped IPv6 loopback, hex', 'http://[::ffff:7f00:1]/'],
  ['IPv4-compatible IPv6', 'http://[::127.0.0.1]/'],
  ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
  ['AWS IPv6 metadata', 'http://[fd00:ec2::254]/'],
  ['carrier-grade NAT', 'http://100.64.0.1/'],
  ['private 10/8', 'http://10.0.0.1/'],
  ['private 172.16/12', 'http://172.16.0.1/'],
  ['private 172.31 edge', 'http://172.31.255.255/'],
  ['private 192.168/16', 'http://192.168.1.1/'],
  ['IPv6 unique local', 'http://[fc00::1]/'],
  ['IPv6 link-local', 'http://[fe80::1]/'],
  ['multicast', 'http://224.0.0.1/'],
  ['broadcast', 'http://255.255.255.255/'],
  ['6to4 wrapping 127.0.0.1', 'http://[2002:7f00:1::]/'],
  ['localhost by name', `http://localhost:${port()}/`],
  ['public-looking name resolving to 127.0.0.1', `http://docs.example.test:${port()}/`],
  ['name resolving to the metadata address', 'http://metadata.example.test/'],
  ['name with one public and one private address', 'http://mixed.example.test/'],
  ['name resolving to IPv6 loopback', 'http://v6.example.test/'],
  ['name resolving to IPv4-mapped private', 'http://mapped.example.test/'],
  ['redirect from the allowed fixture to 127.0.0.2', `${origin}/?to=${encodeURIComponent(`http://127.0.0.2:${port()}/admin`)}`],
  ['redirect to the metadata address', `${origin}/?to=${encodeURIComponent('http://169.254.169.254/latest/')}`],
  ['redirect to a name resolving to loopback', `${origin}/?to=${encodeURIComponent(`http://docs.example.test:${port()}/`)}`],
  ['redirect to IPv6 loopback', `${origin}/?to=${encodeURIComponent(`http://[::1]:${port()}/`)}`],
  ['redirect to file:', `${origin}/?to=${encodeURIComponent('file:///etc/passwd')}`],
  ['file: scheme', 'file:///etc/passwd'],
  ['ftp: scheme', 'ftp://127.0.0.1/'],
  ['gopher: scheme', 'gopher://127.0.0.1:6379/_INFO'],
  ['data: scheme', 'data:text/html,<h1>hi</h1>'],
  ['javascript: scheme', 'javascript:alert(1)'],
  ['credentials in the URL', `http://user:pass@127.0.0.1:${port()}/`],
];

describe('safeFetch refuses hostile targets', () => {
  it('has at least 25 hostile targets', () => {
    expect(hostileTargets().length).toBeGreaterThanOrEqual(25);
  });

  it.each(hostileTargets())('refuses %s', async (_label, url) => {
    const err = await fetcher.fetch(url).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).kind).toBe('refused');
    expect((err as FetchError).message).toMatch(/^Refused: /);
  });

  it('names the host and the address in the refusal', async () => {
    await expect(fetcher.fetch(`http://docs.example.test:${port()}/`)).rejects.toThrow(
      'Refused: docs.example.test resolves to a private address (127.0.0.1, loopback)',
    );
    await expect(fetcher.fetch('http://10.0.0.1/')).rejects.toThrow('Refused: 10.0.0.1 is a private address');
  });

  it('still fetches the allowed fixture host', async () => {
    const before = hits;
    const res = await fetcher.fetch(`${origin}/`);
    expect(res.body).toContain('<h1>ok</h1>');
    expect(hits).toBe(before + 1);
  });

  it('refuses private space by default: no allow-list, no fetch of 127.0.0.1', async () => {
    const closed = createSafeFetcher({ userAgent: 'DocentBot/test' });
    try {
      await expect(closed.fetch(`${origin}/`)).rejects.toMatchObject({ kind: 'refused' });
    } finally {
      await closed.close();
    }
  });

  it('classifies addresses with the ipaddr.js ranges', () => {
    expect(refusedRange('8.8.8.8')).toBeUndefined();
    expect(refusedRange('2606:4700::1111')).toBeUndefined();
    expect(refusedRange('172.15.255.255')).toBeUndefined(); // just outside 172.16/12
    expect(refusedRange('172.16.0.1')).toBe('private');
    expect(refusedRange('::ffff:10.0.0.1')).toBe('private');
    expect(refusedRange('2001:0:4136:e378:8000:63bf:80ff:fffe')).toBe('loopback'); // Teredo wrapping 127.0.0.1
  });
});

describe('the allow-list and redirects', () => {
  // "public": a site on 127.0.0.1 that this fetcher treats as a public address and that is NOT on
  // the allow-list; "internal": a private host (127.0.0.2) the operator opened with CRAWL_ALLOW_HOSTS.
  const redirector = (body: string) =>
    http.createServer((req, res) => {
      const to = new URL(req.url!, 'http://x').searchParams.get('to');
      res.writeHead(to ? 302 : 200, to ? { location: to } : { 'content-type': 'text/html' });
      res.end(to ? '' : body);
    });
  const listen = async (s: http.Server, host: string) => {
    await new Promise<void>((r) => s.listen(0, host, () => r()));
    return `http://${host}:${(s.address() as AddressInfo).port}`;
  };
  const publicSite = redirector('<h1>public</h1>');
  const internal = redirector('<h1>internal</h1>');
  let pub: string;
  let priv: string;
  let f: SafeFetcher;
  const asPublic = (address: string) => (address === '127.0.0.1' ? undefined : refusedRange(address));
  const via = (from: string, to: string) => `${from}/?to=${encodeURIComponent(to)}`;

  beforeAll(async () => {
    pub = await listen(publicSite, '127.0.0.1');
    priv = await listen(internal, '127.0.0.2');
    f = createSafeFetcher({ userAgent: 'DocentBot/test', allowHosts: [new URL(priv).host], timeoutMs: 3000, refusedRange: asPublic });
  });

  afterAll(async () => {
    await f?.close();
    for (const s of [publicSite, internal]) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  it('reaches the allow-listed private host directly and through its own redirects', async () => {
    expect((await f.fetch(`${priv}/`)).body).toContain('internal');
    expect((await f.fetch(via(priv, `${priv}/`))).body).toContain('internal');
    expect((await f.fetch(`${pub}/`)).body).toContain('public');
  });

  it('refuses a redirect from a host that is not allow-listed into the allow-listed private host', async () => {
    await expect(f.fetch(via(pub, `${priv}/secret`))).rejects.toMatchObject({
      kind: 'refused',
      message: `Refused: 127.0.0.2 is a private address (loopback): ${new URL(priv).host} is in CRAWL_ALLOW_HOSTS, but the redirect came from ${new URL(pub).host}, which is not`,
    });
  });

  it('refuses the allow-listed host once the chain has passed through a host that is not allow-listed', async () => {
    await expect(f.fetch(via(priv, via(pub, `${priv}/secret`)))).rejects.toMatchObject({ kind: 'refused' });
  });

  it('an allow-list entry without a port opens every port of that host (documented behaviour)', async () => {
    const anyPort = createSafeFetcher({ userAgent: 'DocentBot/test', allowHosts: ['127.0.0.2'], timeoutMs: 3000 });
    try {
      expect((await anyPort.fetch(`${priv}/`)).body).toContain('internal');
    } finally {
      await anyPort.close();
    }
  });
});
