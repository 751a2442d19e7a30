// Connectivity checks a customer asked for: does the instance's ip:port accept connections, and
// does a request leaving from its IP reach the check target, seen from that IP. Each check the
// poll hands out runs once (the API hands it out until it is reported); the result goes back
// with `reportNodeInstanceCheck`.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { EndpointBody, NodeInstanceCheck, reportNodeInstanceCheck } from '@stratus/contract';
import { unmapIpv4 } from '../ip-address.ts';
import type { Logger } from '../logger.ts';

export type InstanceCheckResult = EndpointBody<typeof reportNodeInstanceCheck>;

/** A check that takes longer than this has failed as `timeout`. */
export const CHECK_TIMEOUT_MS = 10_000;
/** Check ids remembered as done, so a poll racing the report does not run one twice. */
const MAX_REMEMBERED = 10_000;
/** A body longer than this is not a bare IP address: read no more of it. */
const MAX_BODY_BYTES = 4096;

class CheckTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, deadline: number): Promise<T> {
  const left = Math.max(0, deadline - Date.now());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), left);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function connectOnce(ip: string, port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: ip, port });
    // Not left connecting after the check gave up on it.
    socket.setTimeout(timeoutMs, () => socket.destroy(new CheckTimeout()));
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

/** GET `url` from a socket bound to `localAddress`; the body, read up to MAX_BODY_BYTES. */
function getFrom(url: URL, localAddress: string, timeoutMs: number): Promise<string> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { localAddress, timeout: timeoutMs }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > MAX_BODY_BYTES) response.destroy();
      });
      response.once('end', () => {
        if ((response.statusCode ?? 0) >= 400) reject(new Error(`HTTP ${response.statusCode}`));
        else resolve(body);
      });
      response.once('close', () => resolve(body));
      response.once('error', reject);
    });
    request.once('timeout', () => request.destroy(new CheckTimeout()));
    request.once('error', reject);
  });
}

/**
 * Runs one check: (a) a TCP connection to `ip:port` (failure `listening`); (b) a GET of the check
 * target from a socket bound to `ip`, timed (`latencyMs`); a body that is a bare IP address is the
 * source the target saw, which must be `ip` (else `wrongEgress`); any error is `egress`, and a
 * check over `timeoutMs` in all is `timeout`.
 */
export async function runInstanceCheck(
  check: NodeInstanceCheck,
  { checkUrl, timeoutMs = CHECK_TIMEOUT_MS }: { checkUrl: string; timeoutMs?: number },
): Promise<InstanceCheckResult> {
  const deadline = Date.now() + timeoutMs;
  const failed = (failure: InstanceCheckResult['failure'], egressIp: string | null = null) => ({
    ok: false,
    failure,
    latencyMs: null,
    egressIp,
  });
  try {
    await withTimeout(connectOnce(check.ip, check.port, timeoutMs), deadline);
  } catch (error) {
    return failed(error instanceof CheckTimeout ? 'timeout' : 'listening');
  }
  const started = performance.now();
  let body: string;
  try {
    const left = Math.max(1, deadline - Date.now());
    body = await withTimeout(getFrom(new URL(checkUrl), check.ip, left), deadline);
  } catch (error) {
    return failed(error instanceof CheckTimeout ? 'timeout' : 'egress');
  }
  const latencyMs = Math.round(performance.now() - started);
  const seen = body.trim();
  if (!net.isIP(seen)) return { ok: true, failure: null, latencyMs, egressIp: null };
  const egressIp = unmapIpv4(seen);
  if (egressIp !== unmapIpv4(check.ip)) return failed('wrongEgress', egressIp);
  return { ok: true, failure: null, latencyMs, egressIp };
}

/** Runs the checks the polls hand out, each once, and reports each result. */
export class InstanceCheckRunner {
  private readonly inFlight = new Set<string>();
  private readonly done = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly report: (checkId: string, result: InstanceCheckResult) => Promise<unknown>;
  private readonly checkUrl: string;
  private readonly logger: Logger;
  private readonly timeoutMs: number | undefined;

  constructor(options: {
    report: (checkId: string, result: InstanceCheckResult) => Promise<unknown>;
    checkUrl: string;
    logger: Logger;
    timeoutMs?: number;
  }) {
    this.report = options.report;
    this.checkUrl = options.checkUrl;
    this.logger = options.logger;
    this.timeoutMs = options.timeoutMs;
  }

  /** Starts the checks not yet running or done; does not wait for them. */
  run(checks: NodeInstanceCheck[]): void {
    for (const check of checks) {
      if (this.inFlight.has(check.checkId) || this.done.has(check.checkId)) continue;
      this.inFlight.add(check.checkId);
      const work = this.runOne(check).finally(() => {
        this.inFlight.delete(check.checkId);
        this.running.delete(work);
      });
      this.running.add(work);
    }
  }

  /** Resolves when every check started so far is reported (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private async runOne(check: NodeInstanceCheck): Promise<void> {
    const result = await runInstanceCheck(check, {
      checkUrl: this.checkUrl,
      timeoutMs: this.timeoutMs,
    });
    try {
      await this.report(check.checkId, result);
      this.remember(check.checkId);
    } catch (error) {
      // Not remembered: the API hands it out again and the next poll retries it.
      this.logger.warn(
        { err: (error as Error).message, checkId: check.checkId },
        'connectivity check not reported',
      );
    }
  }

  private remember(checkId: string): void {
    if (this.done.size >= MAX_REMEMBERED) {
      const oldest = this.done.values().next().value;
      if (oldest !== undefined) this.done.delete(oldest);
    }
    this.done.add(checkId);
  }
}
