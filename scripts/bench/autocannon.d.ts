// The part of autocannon's programmatic API (it ships no types) that `npm run bench:api` uses.
declare module 'autocannon' {
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Per request: may change the request; `context` is the connection's. */
    setupRequest?: (
      request: AutocannonRequest,
      context: Record<string, unknown>,
    ) => AutocannonRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    timeout?: number;
    /**
     * Requests per second from all connections together (an open loop); latencies are then
     * corrected for coordinated omission (a request the rate wanted sent but no connection was
     * free for counts from when it was due).
     */
    overallRate?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
  }

  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }

  export interface AutocannonResult {
    duration: number;
    latency: Histogram;
    requests: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export default function autocannon(
    options: AutocannonOptions,
  ): PromiseLike<AutocannonResult> & { stop(): void };
}
