// Nodes for the page tests: a node as the API answers it, with a heartbeat by default.
import type { AdminNode, NodeHeartbeat, UserProfile } from '@stratus/contract';

export const ops: UserProfile = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ops@example.com',
  name: 'Ops',
  role: 'ops',
  language: 'zh-CN',
  apiToken: 'st_token',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
};

export const heartbeat: NodeHeartbeat = {
  gatewayVersion: '0.1.0',
  uptimeSeconds: 3 * 3600 + 5 * 60,
  snapshotVersion: '3f2a9c0d1e4b5a6978c0d1e2f3a4b5c6',
  openConnections: 42,
  bytesInPerSecond: 2048,
  bytesOutPerSecond: 1.5 * 1024 * 1024,
  pendingUsageBatches: 0,
  v2rayState: 'running',
  cpuPercent: 12.5,
  memoryBytes: 96 * 1024 * 1024,
};

export function nodeFixture(overrides: Partial<AdminNode> = {}): AdminNode {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'tokyo-1',
    host: '203.0.113.7',
    status: 'active',
    createdAt: '2026-01-02T00:00:00.000Z',
    lastSeenAt: new Date(Date.now() - 2_000).toISOString(),
    online: true,
    heartbeat,
    snapshotLag: { inSync: true, behindSince: null, lagSeconds: 0 },
    ipCounts: { available: 12, allocated: 30, cooling: 2, quarantined: 1, retired: 0 },
    ...overrides,
  };
}
