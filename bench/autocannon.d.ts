// The slice of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    non2xx: number;
    timeouts: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
    /** Answers per status code, e.g. statusCodeStats['429'].count. */
    statusCodeStats?: Record<string, { count: number }>;
  }
  /** One request of the sequence a connection sends; setupRequest may change it (path, method). */
  interface RequestSpec {
    setupRequest?(req: { path: string }): { path: string };
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: RequestSpec[];
  }
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    export type { Result, Options };
  }
  export default autocannon;
}
