import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.ts';
import { silentLogger } from '../logger.ts';
import { startEchoTarget, type Listening } from '../testing/fixtures.ts';
import {
  InstanceCheckRunner,
  runInstanceCheck,
  type InstanceCheckResult,
} from './instance-checks.ts';

/** An HTTP check target answering `answer(peer)` as a bare body; `/hang` never answers. */
async function startCheckTarget(answer: (peer: string) => string) {
  const server = http.createServer((request, response) => {
    if (request.url === '/hang') return;
    response.end(answer(request.socket.remoteAddress ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('connectivity checks', () => {
  let listening: Listening;
  let echoTarget: Awaited<ReturnType<typeof startCheckTarget>>;
  let fixedTarget: Awaited<ReturnType<typeof startCheckTarget>>;
  const checkOn = (ip: string, port: number) => ({
    checkId: randomUUID(),
    instanceId: randomUUID(),
    ip,
    port,
  });

  beforeAll(async () => {
    // Stands in for the gateway's port on the instance's IP: it accepts connections.
    listening = await startEchoTarget('0.0.0.0');
    echoTarget = await startCheckTarget((peer) => `${peer}\n`);
    fixedTarget = await startCheckTarget(() => '127.0.0.9');
  });
  afterAll(async () => {
    await Promise.all([listening?.close(), echoTarget?.close(), fixedTarget?.close()]);
  });

  it('passes when the port listens and the target sees the instance’s IP, with the latency', async () => {
    const result = await runInstanceCheck(checkOn('127.0.0.3', listening.port), {
      checkUrl: echoTarget.url(),
    });
    expect(result).toEqual({
      ok: true,
      failure: null,
      latencyMs: expect.any(Number),
      egressIp: '127.0.0.3',
    });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(result.latencyMs).toBeLessThan(5_000);
  });

  it('passes without an egress address when the target answers something else', async () => {
    const other = await startCheckTarget(() => '{"status":"ok"}');
    const result = await runInstanceCheck(checkOn('127.0.0.3', listening.port), {
      checkUrl: other.url(),
    });
    await other.close();
    expect(result).toMatchObject({ ok: true, failure: null, egressIp: null });
  });

  it('fails as listening, wrongEgress, egress and timeout', async () => {
    const closedPort = await freePort();
    expect(
      await runInstanceCheck(checkOn('127.0.0.3', closedPort), { checkUrl: echoTarget.url() }),
    ).toEqual({ ok: false, failure: 'listening', latencyMs: null, egressIp: null });
    expect(
      await runInstanceCheck(checkOn('127.0.0.3', listening.port), { checkUrl: fixedTarget.url() }),
    ).toEqual({ ok: false, failure: 'wrongEgress', latencyMs: null, egressIp: '127.0.0.9' });
    expect(
      await runInstanceCheck(checkOn('127.0.0.3', listening.port), {
        checkUrl: `http://127.0.0.1:${closedPort}/`,
      }),
    ).toMatchObject({ ok: false, failure: 'egress' });
    expect(
      await runInstanceCheck(checkOn('127.0.0.3', listening.port), {
        checkUrl: echoTarget.url('/hang'),
        timeoutMs: 300,
      }),
    ).toMatchObject({ ok: false, failure: 'timeout' });
  });

  it('runs each check once, skipping one in flight or done, and retries one not reported', async () => {
    const reports: { checkId: string; result: InstanceCheckResult }[] = [];
    let failNext = true;
    const runner = new InstanceCheckRunner({
      checkUrl: echoTarget.url(),
      logger: silentLogger,
      report: async (checkId, result) => {
        if (failNext) {
          failNext = false;
          throw new Error('API away');
        }
        reports.push({ checkId, result });
      },
    });
    const check = checkOn('127.0.0.4', listening.port);
    runner.run([check]);
    runner.run([check]);
    await runner.settled();
    expect(reports).toEqual([]);
    runner.run([check]);
    runner.run([check]);
    await runner.settled();
    runner.run([check]);
    await runner.settled();
    expect(reports).toEqual([
      {
        checkId: check.checkId,
        result: expect.objectContaining({ ok: true, egressIp: '127.0.0.4' }),
      },
    ]);
  });
});
