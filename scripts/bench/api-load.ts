// One round of HTTP load for `npm run bench:api`, made by autocannon in this process while the
// server under test runs in its own.
import autocannon, { type AutocannonRequest } from 'autocannon';
import type { Round } from './api-report.ts';

export interface LoadTarget {
  /** Origin and path, e.g. `http://127.0.0.1:8080/api/user/wallet`. */
  url: string;
  connections: number;
  /**
   * Requests per second to offer, whatever the answers' pace (an open loop); absent: each
   * connection sends its next request when its last one is answered (a closed loop).
   */
  overallRate?: number;
  /** Requests to loop over (per-request headers and bodies); absent: a plain GET of `url`. */
  requests?: AutocannonRequest[];
}

/** Loads `target` for `seconds` and counts what came back. */
export async function runLoad(target: LoadTarget, seconds: number): Promise<Round> {
  const result = await autocannon({
    url: target.url,
    connections: target.connections,
    duration: seconds,
    timeout: 30,
    ...(target.overallRate ? { overallRate: target.overallRate } : {}),
    ...(target.requests ? { requests: target.requests } : {}),
  });
  const failed: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
    if (!status.startsWith('2')) failed[status] = count;
  }
  return {
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed,
    errors: result.errors,
  };
}
