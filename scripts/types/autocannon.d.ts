// The part of autocannon's programmatic API that the benchmarks use (the package ships no types):
// scripts/bench-server.ts awaits a run's result; scripts/bench-evening.ts listens to each response.
declare module 'autocannon' {
  /** One request of a run; setupRequest may change it before each send (a token, a body). */
  interface Request {
    method?: 'GET' | 'POST' | 'PUT';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds before a request counts as an error. */
    timeout?: number;
    pipelining?: number;
    method?: 'GET' | 'POST' | 'PUT';
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    /** `sent`: requests written to the server, answered or not by the run's end. */
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    /** Bytes per second read from the server. */
    throughput: Histogram & { total: number };
    errors: number;
    non2xx: number;
  }
  /** A run started with a callback: its events, as they happen. */
  interface Instance {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, latencyMs: number) => void,
    ): Instance;
    on(event: 'reqError', listener: (error: Error) => void): Instance;
  }
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
  export type { Instance, Options, Request, Result };
}
