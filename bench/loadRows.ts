import type autocannon from 'autocannon';

/** One line of `npm run bench:load`'s table. */
export interface Row {
  load: string;
  engine: string;
  requests_per_s: number;
  /** Of the hello-world Fastify route's req/s in the same run (loads alternated with it). */
  ratio_to_hello?: number;
  p50_ms: number;
  p99_ms: number;
  '2xx': number;
  '4xx': number;
  '429': number;
  '5xx': number;
  errors: number;
  retry_after_missing: number;
}

/** Several autocannon runs of one load as one row: mean req/s and p50, the worst p99, counts summed. */
export function fromCannon(load: string, engine: string, runs: autocannon.Result[]): Row {
  const mean = (f: (r: autocannon.Result) => number) => runs.reduce((s, r) => s + f(r), 0) / runs.length;
  const sum = (f: (r: autocannon.Result) => number) => runs.reduce((s, r) => s + f(r), 0);
  return {
    load,
    engine,
    requests_per_s: Math.round(mean((r) => r.requests.average)),
    p50_ms: Math.round(mean((r) => r.latency.p50)),
    p99_ms: Math.max(...runs.map((r) => r.latency.p99)),
    '2xx': sum((r) => r['2xx']),
    '4xx': sum((r) => r['4xx']),
    '429': sum((r) => r.statusCodeStats?.['429']?.count ?? 0),
    '5xx': sum((r) => r['5xx']),
    errors: sum((r) => r.errors + r.timeouts),
    retry_after_missing: 0,
  };
}

/**
 * Each route's load right after a load of the hello-world route (H A H B H C …, ROUNDS times), so
 * both see the same machine (2 shared cores: other work comes and goes); every route's req/s is then
 * given as a ratio to the mean of all the hello-world loads of the run.
 */
export async function alternateWithHello(
  engine: string,
  hello: () => Promise<autocannon.Result>,
  routes: { load: string; run: () => Promise<autocannon.Result> }[],
  rounds: number,
): Promise<Row[]> {
  const helloRuns: autocannon.Result[] = [];
  const routeRuns = routes.map(() => [] as autocannon.Result[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, route] of routes.entries()) {
      helloRuns.push(await hello());
      routeRuns[i]!.push(await route.run());
    }
  }
  const helloRow = fromCannon('hello-world Fastify route (the yardstick)', engine, helloRuns);
  helloRow.ratio_to_hello = 1;
  return [
    helloRow,
    ...routes.map((route, i) => {
      const row = fromCannon(route.load, engine, routeRuns[i]!);
      row.ratio_to_hello = Math.round((row.requests_per_s / helloRow.requests_per_s) * 1000) / 1000;
      return row;
    }),
  ];
}
