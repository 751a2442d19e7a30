import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { BenchRequest, Outcome, Send } from './keep-alive-pool.ts';
import { PacedLoad, runPacedLoad } from './paced-load.ts';

/** A clock the test moves, and a sender whose answers the test gives. */
function harness({
  rate,
  connections,
  seconds,
}: {
  rate: number;
  connections: number;
  seconds: number;
}) {
  let now = 1000;
  const sent: { request: BenchRequest; answer: (outcome: Outcome) => void }[] = [];
  let made = 0;
  const send: Send = (request, answer) => sent.push({ request, answer });
  const load = new PacedLoad({
    rate,
    connections,
    seconds,
    clock: () => now,
    nextRequest: () => ({ method: 'POST', headers: { 'x-request': String(made++) }, body: '{}' }),
    send,
  });
  return {
    load,
    sent,
    at(time: number) {
      now = 1000 + time;
    },
  };
}

describe('PacedLoad', () => {
  it('makes request i due at t0 + i / rate and sends every request due when pumped', () => {
    const { load, sent, at } = harness({ rate: 500, connections: 8, seconds: 2 });
    expect(load.total).toBe(1000);
    expect([0, 1, 250].map((index) => load.dueAt(index) - load.startedAt)).toEqual([0, 2, 500]);

    expect(load.pump()).toBe(load.startedAt + 2);
    expect(sent).toHaveLength(1);
    at(5);
    // Due at 2 and 4; the next at 6.
    expect(load.pump()).toBe(load.startedAt + 6);
    expect(sent.map(({ request }) => request.headers['x-request'])).toEqual(['0', '1', '2']);
  });

  it('returns null once every request of the window is due', () => {
    const { load, sent, at } = harness({ rate: 10, connections: 50, seconds: 1 });
    at(899);
    expect(load.pump()).toBe(load.startedAt + 900);
    at(900);
    expect(load.pump()).toBeNull();
    expect(sent).toHaveLength(10);
  });

  it('measures latency from the due time, a wait for a free connection included', async () => {
    const { load, sent, at } = harness({ rate: 100, connections: 1, seconds: 1 });
    load.pump(); // #0, due at 0
    at(10);
    load.pump(); // #1, due at 10: the one connection is busy
    expect(sent).toHaveLength(1);
    at(25);
    sent[0]!.answer({ status: 201 }); // 25 ms; #1 leaves now, 15 ms after its due time
    expect(sent).toHaveLength(2);
    at(30);
    sent[1]!.answer({ status: 201 }); // 20 ms from its due time, though 5 ms from its sending
    await load.close();
    const { p50, p99, ok, paced } = load.result();
    expect([p50, p99, ok]).toEqual([20, 25, 2]);
    expect(paced.connectionWaits).toBe(1);
    expect(paced.generatorLate).toBe(0);
    expect(paced.sent).toBe(2);
    expect(paced.unsent).toBe(98);
  });

  it('counts requests the generator took more than 10 ms late as its lag', () => {
    const { load, at } = harness({ rate: 100, connections: 10, seconds: 1 });
    load.pump();
    at(35); // due at 10, 20 and 30: 25, 15 and 5 ms late
    load.pump();
    const { paced } = load.result();
    expect(paced.generatorLate).toBe(2);
    expect(paced.connectionWaits).toBe(0);
  });

  it('takes nearest-rank percentiles of every answer, counts failures apart from 2xx', async () => {
    const { load, sent, at } = harness({ rate: 1000, connections: 200, seconds: 0.1 });
    at(99);
    expect(load.pump()).toBeNull();
    // Request i (due at i ms) answered at 101 + 2i ms: latencies 101…200 ms, in a shuffled order.
    const order = sent.map((_, index) => index).sort((a, b) => ((a * 37) % 101) - ((b * 37) % 101));
    for (const index of order) {
      at(101 + 2 * index);
      sent[index]!.answer(index % 10 === 9 ? { status: 409 } : { status: 201 });
    }
    await load.close();
    const result = load.result();
    expect([result.p50, result.paced.p90, result.p99, result.paced.max]).toEqual([
      150, 190, 199, 200,
    ]);
    expect(result.ok).toBe(90);
    expect(result.failed).toEqual({ 409: 10 });
    // Answered after the window (100 ms): none counts toward the rate.
    expect(result.perSecond).toBe(0);
  });

  it('counts 2xx answered within the window per second, errors apart, and waits for those in flight', async () => {
    const { load, sent, at } = harness({ rate: 10, connections: 2, seconds: 1 });
    load.pump(); // #0
    at(50);
    sent[0]!.answer({ status: 200 });
    at(100);
    load.pump(); // #1
    at(150);
    sent[1]!.answer({ error: 'ECONNRESET' });
    at(200);
    load.pump(); // #2
    at(300);
    load.pump(); // #3
    at(400);
    load.pump(); // #4 waits: #2 and #3 are in flight
    let closed = false;
    const closing = load.close().then(() => (closed = true));
    sent[2]!.answer({ status: 201 });
    await Promise.resolve();
    expect(closed).toBe(false);
    expect(load.result().paced.abandoned).toBe(1);
    at(1500);
    sent[3]!.answer({ status: 201 });
    await closing;
    const result = load.result();
    expect(sent).toHaveLength(4); // #4 was still waiting for a connection when the window closed
    expect(result.paced.unsent).toBe(6);
    expect(result.ok).toBe(3);
    expect(result.errors).toBe(1);
    expect(result.perSecond).toBe(2); // #0 and #2 within the second, #3 after it
    expect(result.paced.abandoned).toBe(0);
  });
});

describe('runPacedLoad against a local HTTP server', () => {
  let server: http.Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  it('sends each request once, with its own headers and body, and counts every answer', async () => {
    const keys = new Set<string>();
    const sockets = new Set<unknown>();
    let received = 0;
    let refused = 0;
    server = http.createServer((request, response) => {
      sockets.add(request.socket);
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received += 1;
        keys.add(String(request.headers['idempotency-key']));
        const { n } = JSON.parse(body) as { n: number };
        const refuse = request.method !== 'POST' || n % 4 === 3;
        if (refuse) refused += 1;
        response.writeHead(refuse ? 409 : 201, { 'content-type': 'application/json' });
        response.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let made = 0;
    const result = await runPacedLoad(
      {
        url: `http://127.0.0.1:${port}/orders?x=1`,
        connections: 4,
        rate: 200,
        nextRequest: () => {
          const n = made++;
          return {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `key-${n}` },
            body: JSON.stringify({ n }),
          };
        },
      },
      0.5,
    );
    expect(result.paced.offered).toBe(100);
    expect(result.paced.sent + result.paced.unsent).toBe(100);
    expect(made).toBe(result.paced.sent);
    expect(received).toBe(result.paced.sent);
    expect(keys.size).toBe(received);
    expect(result.ok + (result.failed['409'] ?? 0) + result.errors).toBe(received);
    expect(result.failed['409'] ?? 0).toBe(refused);
    expect(result.errors).toBe(0);
    expect(result.paced.abandoned).toBe(0);
    // Keep-alive: never more connections than the pool's.
    expect(sockets.size).toBeLessThanOrEqual(4);
  });
});
