import { readFileSync } from 'node:fs';
import { nodeHeartbeatSchema } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import type { MovedBytes } from '../credentials/usage-counter.ts';
import { GATEWAY_VERSION, HeartbeatCollector } from './heartbeat.ts';

/** A collector on hand-driven sources: a clock, CPU time, bytes moved and the rest. */
function drivenCollector() {
  const state = {
    clockMs: 1_000,
    cpuMicros: 500_000,
    moved: { up: 0, down: 0 } as MovedBytes,
    connections: 0,
    pending: 0 as number | Error,
    v2ray: 'absent' as 'running' | 'stopped' | 'failed' | 'absent',
  };
  const collector = new HeartbeatCollector({
    moved: () => state.moved,
    openConnections: () => state.connections,
    pendingUsageBatches: async () => {
      if (state.pending instanceof Error) throw state.pending;
      return state.pending;
    },
    v2rayState: () => state.v2ray,
    clock: () => state.clockMs,
    cpuUsage: () => ({ user: state.cpuMicros, system: 0 }),
    memoryBytes: () => 50_000_000,
    uptimeSeconds: () => 42.9,
  });
  return { state, collector };
}

describe('the heartbeat collector', () => {
  it('reports the package version', () => {
    const packageJson = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(GATEWAY_VERSION).toBe(packageJson.version);
  });

  it('measures bytes per second and CPU over the time since the previous heartbeat', async () => {
    const { state, collector } = drivenCollector();
    state.clockMs += 3_000;
    state.moved.up += 3_000;
    state.moved.down += 9_000_000;
    state.cpuMicros += 150_000;
    state.connections = 12;
    state.pending = 4;
    state.v2ray = 'running';
    const first = await collector.collect();
    expect(first).toEqual({
      gatewayVersion: GATEWAY_VERSION,
      uptimeSeconds: 42,
      openConnections: 12,
      bytesInPerSecond: 1_000,
      bytesOutPerSecond: 3_000_000,
      pendingUsageBatches: 4,
      v2rayState: 'running',
      cpuPercent: 5,
      memoryBytes: 50_000_000,
    });
    // What the API takes, once `since` gives the applied version.
    expect(nodeHeartbeatSchema.parse({ ...first, snapshotVersion: null })).toBeTruthy();

    // The next interval counts only what moved in it.
    state.clockMs += 2_000;
    state.moved.down += 1_000;
    state.cpuMicros += 3_000_000;
    const second = await collector.collect();
    expect(second).toMatchObject({ bytesInPerSecond: 0, bytesOutPerSecond: 500 });
    // 3 s of CPU in 2 s of wall time: one core and a half busy.
    expect(second.cpuPercent).toBe(150);
  });

  it('reports zero rates when no time passed, and an unreadable spool as empty', async () => {
    const { state, collector } = drivenCollector();
    state.moved.up += 10;
    state.pending = new Error('EACCES');
    expect(await collector.collect()).toMatchObject({
      bytesInPerSecond: 0,
      bytesOutPerSecond: 0,
      cpuPercent: 0,
      pendingUsageBatches: 0,
    });
  });

  it('reads the real process by default', async () => {
    const collector = new HeartbeatCollector({
      moved: () => ({ up: 0, down: 0 }),
      openConnections: () => 0,
      pendingUsageBatches: async () => 0,
      v2rayState: () => 'absent',
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const report = await collector.collect();
    expect(report.memoryBytes).toBeGreaterThan(1_000_000);
    expect(report.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(report.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(nodeHeartbeatSchema.safeParse({ ...report, snapshotVersion: 'v' }).success).toBe(true);
  });
});
