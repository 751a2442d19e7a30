import type { NodeHeartbeatPoint } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { chartRows, hourTicks } from './chart-rows.ts';

const point = (minute: string, openConnections: number): NodeHeartbeatPoint => ({
  minute,
  openConnections,
  bytesInPerSecond: 0,
  bytesOutPerSecond: 0,
  pendingUsageBatches: 0,
  cpuPercent: 0,
  memoryBytes: 0,
  v2rayState: 'absent',
});
const at = (iso: string) => Date.parse(iso);

describe('chartRows', () => {
  it('keeps consecutive minutes and a one-minute hole as they are', () => {
    const rows = chartRows(
      [
        point('2026-03-01T08:00:00.000Z', 1),
        point('2026-03-01T08:01:00.000Z', 2),
        point('2026-03-01T08:03:00.000Z', 3),
      ],
      [(p) => p.openConnections],
    );
    expect(rows).toEqual([
      { at: at('2026-03-01T08:00:00.000Z'), values: [1] },
      { at: at('2026-03-01T08:01:00.000Z'), values: [2] },
      { at: at('2026-03-01T08:03:00.000Z'), values: [3] },
    ]);
  });

  it('breaks the line after a silence of more than two minutes', () => {
    const rows = chartRows(
      [point('2026-03-01T08:00:00.000Z', 5), point('2026-03-01T09:30:00.000Z', 7)],
      [(p) => p.openConnections, () => 1],
    );
    expect(rows).toEqual([
      { at: at('2026-03-01T08:00:00.000Z'), values: [5, 1] },
      { at: at('2026-03-01T08:01:00.000Z'), values: [null, null] },
      { at: at('2026-03-01T09:30:00.000Z'), values: [7, 1] },
    ]);
  });
});

describe('hourTicks', () => {
  it('puts a tick on every fourth whole hour inside the window', () => {
    const ticks = hourTicks(at('2026-03-01T01:30:00.000Z'), at('2026-03-01T13:00:00.000Z'));
    expect(ticks.map((tick) => new Date(tick).toISOString())).toEqual([
      '2026-03-01T04:00:00.000Z',
      '2026-03-01T08:00:00.000Z',
      '2026-03-01T12:00:00.000Z',
    ]);
  });
});
