// An evenly paced, open-loop load (the wrk2 way), for the rate-limited rows of `npm run bench:api`
// and api-profile's `--rate`: request i is due at t0 + i / rate, whatever the answers' pace. It is
// sent when due on a free keep-alive connection of a pool of `connections`; when none is free it
// waits for one, and that wait counts: every latency runs from the request's DUE time to its
// answer's last byte, so a queue (at the server or for a connection) shows in the tail instead of
// being omitted (coordinated omission), and no sample is synthesized for it.
//
// Why not autocannon's `overallRate`: autocannon 8 gives each connection a quota of rate /
// connections requests a second, reset by a 1 s timer, so each second starts with every connection
// sending back to back (a closed-loop burst as deep as the connections) and ends in silence; and it
// records a response of v ms as ~v samples (`recordValueWithExpectedInterval` with a 1 ms
// interval), which inflates the tail further. That is not "N requests a second".
//
// `PacedLoad` is the schedule and the bookkeeping, driven by an injected clock and sender (tested
// in paced-load.test.ts); `runPacedLoad` drives it with timers over keep-alive-pool.ts.
import {
  createKeepAlivePool,
  type BenchRequest,
  type Outcome,
  type Send,
} from './keep-alive-pool.ts';
import { LATE_AFTER_MS, percentile, type PacedFigures, type Round } from './api-report.ts';

/** Makes the next request to send (the next buyer, plan, Idempotency-Key…). */
export type RequestFactory = () => BenchRequest;

export interface PacedTarget {
  /** Origin and path, e.g. `http://127.0.0.1:8080/api/orders/static-ip`. */
  url: string;
  /** Keep-alive connections in the pool: at most this many requests in flight. */
  connections: number;
  /** Requests per second, evenly spaced. */
  rate: number;
  nextRequest: RequestFactory;
}

export class PacedLoad {
  readonly startedAt: number;
  readonly endsAt: number;
  /** Requests due in the window: rate × seconds. */
  readonly total: number;
  private readonly rate: number;
  private readonly connections: number;
  private readonly clock: () => number;
  private readonly nextRequest: RequestFactory;
  private readonly send: Send;
  /** Index of the next request to fall due. */
  private scheduled = 0;
  /** Due times of the requests that are due but wait for a free connection, oldest first. */
  private waiting: number[] = [];
  private waitingHead = 0;
  private inFlightCount = 0;
  private closed = false;
  private readonly latencies: number[] = [];
  private okInWindow = 0;
  private ok = 0;
  private readonly failed: Record<string, number> = {};
  private errors = 0;
  private sent = 0;
  private generatorLate = 0;
  private connectionWaits = 0;
  private unsent = 0;
  private onIdle: (() => void) | null = null;

  constructor({
    rate,
    connections,
    seconds,
    clock,
    nextRequest,
    send,
  }: {
    rate: number;
    connections: number;
    seconds: number;
    /** Milliseconds, monotonic (`performance.now`). */
    clock: () => number;
    nextRequest: RequestFactory;
    send: Send;
  }) {
    if (!(rate > 0) || !(connections >= 1) || !(seconds > 0)) {
      throw new Error('a paced load needs a positive rate, connections and seconds');
    }
    this.rate = rate;
    this.connections = connections;
    this.clock = clock;
    this.nextRequest = nextRequest;
    this.send = send;
    this.startedAt = clock();
    this.endsAt = this.startedAt + seconds * 1000;
    this.total = Math.round(rate * seconds);
  }

  /** When request `index` (from 0) is due: t0 + index / rate. */
  dueAt(index: number): number {
    return this.startedAt + (index * 1000) / this.rate;
  }

  get inFlight(): number {
    return this.inFlightCount;
  }

  /**
   * Takes every request due by now: sends it on a free connection or queues it for the next one
   * free. Returns when the next request falls due, or null once every request of the window is due.
   */
  pump(): number | null {
    const now = this.clock();
    let taken = 0;
    while (!this.closed && this.scheduled < this.total && this.dueAt(this.scheduled) <= now) {
      const due = this.dueAt(this.scheduled);
      this.scheduled += 1;
      taken += 1;
      // Noticed late: the generator's timers (its share of the CPU), not the server.
      if (now - due > LATE_AFTER_MS) this.generatorLate += 1;
      this.waiting.push(due);
    }
    this.dispatch();
    // Those just taken that found no free connection (the queue is FIFO: they are its tail).
    this.connectionWaits += Math.min(taken, this.waiting.length - this.waitingHead);
    return this.closed || this.scheduled >= this.total ? null : this.dueAt(this.scheduled);
  }

  /**
   * The window is over: requests still waiting for a connection are dropped (counted as unsent,
   * so a shortfall shows), those in flight are still awaited. Resolves when none is in flight.
   */
  close(): Promise<void> {
    this.closed = true;
    this.unsent += this.waiting.length - this.waitingHead + (this.total - this.scheduled);
    this.waiting = [];
    this.waitingHead = 0;
    return new Promise((resolve) => {
      if (this.inFlightCount === 0) resolve();
      else this.onIdle = resolve;
    });
  }

  private dispatch() {
    while (this.waitingHead < this.waiting.length && this.inFlightCount < this.connections) {
      const due = this.waiting[this.waitingHead]!;
      this.waitingHead += 1;
      this.inFlightCount += 1;
      this.sent += 1;
      let answered = false;
      this.send(this.nextRequest(), (outcome) => {
        if (answered) return;
        answered = true;
        this.record(due, outcome);
      });
    }
    if (this.waitingHead > 1024 && this.waitingHead * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.waitingHead);
      this.waitingHead = 0;
    }
  }

  private record(due: number, outcome: Outcome) {
    const now = this.clock();
    this.inFlightCount -= 1;
    if ('error' in outcome) {
      this.errors += 1;
    } else {
      this.latencies.push(now - due);
      if (outcome.status >= 200 && outcome.status < 300) {
        this.ok += 1;
        if (now <= this.endsAt) this.okInWindow += 1;
      } else {
        this.failed[outcome.status] = (this.failed[outcome.status] ?? 0) + 1;
      }
    }
    this.dispatch();
    if (this.closed && this.inFlightCount === 0) this.onIdle?.();
  }

  /** The round so far; `abandoned`: requests still in flight (given up on by the caller). */
  result(): Round & { paced: PacedFigures } {
    const seconds = (this.endsAt - this.startedAt) / 1000;
    const at = (fraction: number) =>
      this.latencies.length ? percentile(this.latencies, fraction) : Number.NaN;
    return {
      perSecond: this.okInWindow / seconds,
      p50: at(0.5),
      p99: at(0.99),
      ok: this.ok,
      failed: { ...this.failed },
      errors: this.errors,
      paced: {
        offered: this.total,
        sent: this.sent,
        unsent: this.unsent,
        p90: at(0.9),
        max: this.latencies.length
          ? this.latencies.reduce((most, latency) => Math.max(most, latency), -Infinity)
          : Number.NaN,
        generatorLate: this.generatorLate,
        connectionWaits: this.connectionWaits,
        abandoned: this.inFlightCount,
      },
    };
  }
}

/** How long to wait for the answers still owed when the window ends before giving up on them. */
const DRAIN_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Loads `target` at its rate for `seconds` over keep-alive connections (keep-alive-pool.ts). */
export async function runPacedLoad(
  target: PacedTarget,
  seconds: number,
): Promise<Round & { paced: PacedFigures }> {
  const pool = createKeepAlivePool({ url: target.url, connections: target.connections });
  const load = new PacedLoad({
    rate: target.rate,
    connections: target.connections,
    seconds,
    clock: () => performance.now(),
    nextRequest: target.nextRequest,
    send: pool.send,
  });
  for (let next = load.pump(); next !== null; next = load.pump()) {
    await sleep(next - performance.now());
  }
  await sleep(load.endsAt - performance.now());
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    load.close(),
    new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  const result = load.result();
  pool.close();
  return result;
}
