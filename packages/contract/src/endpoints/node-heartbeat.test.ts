import { describe, expect, it } from 'vitest';
import { isNodeOnline, NODE_OFFLINE_AFTER_SECONDS } from './admin-nodes.ts';
import { heartbeatOfQuery, nodeCredentialsQuerySchema } from './nodes.ts';

describe('isNodeOnline', () => {
  const now = new Date('2026-03-01T00:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('is online for three poll intervals after the last poll, then offline', () => {
    expect(NODE_OFFLINE_AFTER_SECONDS).toBe(9);
    expect(isNodeOnline(ago(0), now)).toBe(true);
    expect(isNodeOnline(ago(8_999), now)).toBe(true);
    expect(isNodeOnline(ago(9_000), now)).toBe(false);
    expect(isNodeOnline(ago(9_000).toISOString(), now)).toBe(false);
    expect(isNodeOnline(null, now)).toBe(false);
  });
});

describe('the heartbeat on the credentials poll', () => {
  const sent = {
    since: 'v7',
    gatewayVersion: '0.1.0',
    uptimeSeconds: '60',
    openConnections: '4',
    bytesInPerSecond: '10',
    bytesOutPerSecond: '2000',
    pendingUsageBatches: '1',
    v2rayState: 'stopped',
    cpuPercent: '0.5',
    memoryBytes: '1048576',
  };

  it('is read from the query, the applied version being `since`', () => {
    const query = nodeCredentialsQuerySchema.parse(sent);
    expect(heartbeatOfQuery(query)).toEqual({
      gatewayVersion: '0.1.0',
      uptimeSeconds: 60,
      snapshotVersion: 'v7',
      openConnections: 4,
      bytesInPerSecond: 10,
      bytesOutPerSecond: 2000,
      pendingUsageBatches: 1,
      v2rayState: 'stopped',
      cpuPercent: 0.5,
      memoryBytes: 1048576,
    });
    const first = nodeCredentialsQuerySchema.parse({ ...sent, since: undefined });
    expect(heartbeatOfQuery(first)?.snapshotVersion).toBeNull();
  });

  it('is absent from an older gateway’s poll', () => {
    expect(heartbeatOfQuery(nodeCredentialsQuerySchema.parse({ since: 'v7' }))).toBeNull();
    expect(heartbeatOfQuery(nodeCredentialsQuerySchema.parse({}))).toBeNull();
  });

  it('is all or nothing: each missing field is named', () => {
    const { memoryBytes: _memory, cpuPercent: _cpu, ...partial } = sent;
    const result = nodeCredentialsQuerySchema.safeParse(partial);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'cpuPercent',
      'memoryBytes',
    ]);
  });

  it('refuses values out of their range', () => {
    for (const [field, value] of [
      ['uptimeSeconds', '-1'],
      ['openConnections', 'many'],
      ['cpuPercent', 'Infinity'],
      ['memoryBytes', '9007199254740992'],
      ['v2rayState', 'unknown'],
    ]) {
      const result = nodeCredentialsQuerySchema.safeParse({ ...sent, [field!]: value });
      expect(result.success, `${field}=${value}`).toBe(false);
    }
  });
});
