/** Counts as an owner reads them: "1 page indexed", "12 pages indexed". */
export function pagesIndexed(count: number | null | undefined): string {
  const n = count ?? 0;
  return `${n} ${n === 1 ? 'page' : 'pages'} indexed`;
}

/**
 * The Sources card's subtitle: the total, and how it splits by status when not every source is
 * indexed ("13 sources: 12 indexed, 1 skipped"), so it agrees with "12 pages indexed".
 */
export function sourcesSummary(urls: { status?: string }[]): string {
  const total = `${urls.length} ${urls.length === 1 ? 'source' : 'sources'}`;
  const byStatus = new Map<string, number>();
  for (const u of urls) byStatus.set(u.status || 'indexed', (byStatus.get(u.status || 'indexed') ?? 0) + 1);
  if (byStatus.size <= 1 && (byStatus.has('indexed') || byStatus.size === 0)) return total;
  const order = ['indexed', 'pending', 'skipped', 'failed'];
  const parts = [...byStatus].sort(([a], [b]) => ((order.indexOf(a) + 99) % 99) - ((order.indexOf(b) + 99) % 99));
  return `${total}: ${parts.map(([status, n]) => `${n} ${status}`).join(', ')}`;
}
