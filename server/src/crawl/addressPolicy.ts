import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the crawler may connect to: only globally routable unicast. The ranges come
 * from ipaddr.js (a maintained library), never from hand-written prefixes.
 */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** The range name of a refused address (e.g. 'private', 'loopback'), or undefined when it is public. */
export function refusedRange(address: string): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'unparseable';
  }
  if (METADATA.has(parsed.toNormalizedString()) || METADATA.has(parsed.toString())) return 'metadata';
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // IPv4 smuggled inside IPv6 (::ffff:a.b.c.d, 6to4 2002:AABB:CCDD::, Teredo 2001:0::) is judged by its IPv4.
    if (v6.isIPv4MappedAddress()) return refusedRange(v6.toIPv4Address().toString());
    // Deprecated IPv4-compatible form (::a.b.c.d) is not a real destination; refuse it outright.
    if (v6.parts.slice(0, 6).every((x) => x === 0)) return v6.parts[6] === 0 && v6.parts[7]! <= 1 ? v6.range() : 'ipv4Compatible';
    const range = v6.range();
    if (range === '6to4') return refusedRange(embedded6to4(v6));
    if (range === 'teredo') return refusedRange(embeddedTeredo(v6));
    return range === 'unicast' ? undefined : range;
  }
  const range = (parsed as ipaddr.IPv4).range();
  return range === 'unicast' ? undefined : range;
}

function embedded6to4(v6: ipaddr.IPv6): string {
  const p = v6.parts;
  return [p[1]! >> 8, p[1]! & 255, p[2]! >> 8, p[2]! & 255].join('.');
}

function embeddedTeredo(v6: ipaddr.IPv6): string {
  // The client's IPv4 is stored bit-inverted in the last 32 bits.
  const p = v6.parts;
  const a = p[6]! ^ 0xffff;
  const b = p[7]! ^ 0xffff;
  return [a >> 8, a & 255, b >> 8, b & 255].join('.');
}

/** Human wording of a range for error messages. */
export function describeRange(range: string): string {
  switch (range) {
    case 'loopback':
      return 'a loopback address';
    case 'private':
    case 'uniqueLocal':
      return 'a private address';
    case 'linkLocal':
      return 'a link-local address';
    case 'metadata':
      return 'a cloud metadata address';
    case 'carrierGradeNat':
      return 'a carrier-grade NAT address';
    case 'multicast':
      return 'a multicast address';
    case 'unspecified':
      return 'an unspecified address';
    case 'broadcast':
      return 'a broadcast address';
    default:
      return `a non-public address (${range})`;
  }
}

export const isIpLiteral = (host: string): boolean => ipaddr.isValid(host.replace(/^\[|\]$/g, ''));

/**
 * Whether host[:port] is opened by CRAWL_ALLOW_HOSTS. An entry without a port opens every port of
 * that host; names compare case-insensitively, IPv6 entries may be bracketed.
 */
export function hostAllowed(url: URL, allowHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowHosts.some((entry) => {
    const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(entry.trim().toLowerCase());
    if (!m) return false;
    // A bare IPv6 entry ("::1") has colons but no port.
    const [entryHost, entryPort] = ipaddr.isValid(entry.trim()) ? [entry.trim().toLowerCase(), undefined] : [m[1], m[2]];
    return entryHost === host && (entryPort === undefined || entryPort === port);
  });
}
