// A whole gateway: the proxy listener, the credential store kept current from the API, and the
// usage reporter. `npm run gateway` runs one (main.ts), and so does `npm start` for the demo node,
// as a process beside the API.
import { mkdir } from 'node:fs/promises';
import type net from 'node:net';
import { createApiClient } from './control-plane/api-client.ts';
import { HeartbeatCollector } from './control-plane/heartbeat.ts';
import { InstanceCheckRunner } from './control-plane/instance-checks.ts';
import { SnapshotPoller } from './control-plane/snapshot-poller.ts';
import { UsageReporter } from './control-plane/usage-reporter.ts';
import { CredentialStore } from './credentials/credential-store.ts';
import type { UsageMeter } from './credentials/usage-counter.ts';
import { createJsonLogger, type Logger } from './logger.ts';
import type { PortRange } from './egress-ports.ts';
import type { ProxyLimits } from './proxy-limits.ts';
import { createProxyServer, type ProxyServer } from './proxy-server.ts';
import { VmessEngine } from './vmess/vmess-engine.ts';

export { createProxyServer, type ProxyServer, type ProxyServerOptions } from './proxy-server.ts';
export { defaultLimits, type ProxyLimits } from './proxy-limits.ts';
export { CredentialStore } from './credentials/credential-store.ts';
export { UsageMeter } from './credentials/usage-counter.ts';
export { createJsonLogger, silentLogger, type Logger } from './logger.ts';
export { findV2ray } from './vmess/vmess-engine.ts';

export interface GatewayOptions {
  /** The API's origin, e.g. `https://console.example.com`. */
  apiUrl: string;
  /** The node key `npm run admin -- add-node` printed (`gnk_…`). */
  nodeKey: string;
  /** When given, a snapshot of any other node is refused. */
  nodeId?: string;
  /** Listen address (default `0.0.0.0`: every IPv4 address of the machine). */
  host?: string;
  /** Listen port (default 1080; 0 picks a free one, see the returned `port`). */
  port?: number;
  /** Snapshot copy and usage spool (default `./data/gateway`). */
  dataDir?: string;
  /** Reach loopback and private destinations (default false). */
  allowPrivateDestinations?: boolean;
  /** Serve loopback clients only (the embedded demo gateway, which may reach loopback). */
  loopbackClientsOnly?: boolean;
  /** Local ports of outgoing connections (default 10000–29999; null: the kernel picks each). */
  egressPortRange?: PortRange | null;
  limits?: Partial<ProxyLimits>;
  /** Overrides the snapshot's poll interval (tests). */
  pollIntervalMs?: number;
  /** How often usage is drained and delivered (default 5 s). */
  reportIntervalMs?: number;
  /** Cap of the delay between delivery retries (default 60 s). */
  maxRetryDelayMs?: number;
  /**
   * Serve vmess through V2Ray (Debian's `v2ray` package) at these executables; without it the
   * gateway serves SOCKS5 and HTTP only. `findV2ray()` looks them up.
   */
  vmess?: { v2rayPath: string; v2ctlPath: string } | null;
  /**
   * What connectivity checks fetch from each instance's IP (default: the API's `/api/health`); a
   * target that answers the caller's address as a bare IP lets the check confirm the egress.
   */
  checkUrl?: string;
  /** Where the gateway logs (default: JSON lines on standard error, warnings and errors only). */
  logger?: Logger;
}

export interface RunningGateway {
  /** The address listened on, as asked. */
  host: string;
  /** The address listened on, as bound. */
  address: string;
  /** The port listened on (the real one when 0 was asked). */
  port: number;
  store: CredentialStore;
  meter: UsageMeter;
  poller: SnapshotPoller;
  reporter: UsageReporter;
  checks: InstanceCheckRunner;
  proxy: ProxyServer;
  server: net.Server;
  /** The vmess engine, when vmess is served. */
  vmess: VmessEngine | null;
  /** Stops polling and accepting, closes open connections, spools the last usage and sends it. */
  stop(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  if (!/^https?:\/\/[^/]/.test(options.apiUrl)) {
    throw new Error(`apiUrl must be an http(s) origin, not "${options.apiUrl}"`);
  }
  if (!options.nodeKey) throw new Error('nodeKey is required');
  const logger = options.logger ?? createJsonLogger('warn');
  const dataDir = options.dataDir ?? 'data/gateway';
  await mkdir(dataDir, { recursive: true });
  const api = createApiClient({ apiUrl: options.apiUrl, nodeKey: options.nodeKey });
  const store = new CredentialStore();
  const vmess = options.vmess
    ? new VmessEngine({
        ...options.vmess,
        dataDir,
        meter: store.meter,
        logger,
        allowPrivateDestinations: options.allowPrivateDestinations ?? false,
      })
    : null;
  if (!vmess)
    logger.info({}, 'vmess not served: V2Ray not configured (GATEWAY_VMESS, GATEWAY_V2RAY)');
  const reporter = new UsageReporter({
    api,
    meter: store.meter,
    logger,
    dataDir,
    intervalMs: options.reportIntervalMs,
    maxRetryDelayMs: options.maxRetryDelayMs,
    beforeDrain: vmess ? () => vmess.collectUsage() : undefined,
  });
  const proxy = createProxyServer({
    store,
    logger,
    allowPrivateDestinations: options.allowPrivateDestinations,
    loopbackClientsOnly: options.loopbackClientsOnly,
    egressPortRange: options.egressPortRange,
    limits: options.limits,
  });

  const heartbeat = new HeartbeatCollector({
    moved: () => store.meter.moved,
    openConnections: () => proxy.openConnections,
    pendingUsageBatches: () => reporter.pending(),
    v2rayState: () => vmess?.state ?? 'absent',
  });
  const checks = new InstanceCheckRunner({
    report: (checkId, result) => api.reportCheck(checkId, result),
    checkUrl: options.checkUrl ?? `${options.apiUrl.replace(/\/+$/, '')}/api/health`,
    logger,
  });
  const poller = new SnapshotPoller({
    api,
    store,
    logger,
    dataDir,
    nodeId: options.nodeId,
    intervalMs: options.pollIntervalMs,
    onPoll: vmess ? () => vmess.sync(store.snapshot?.staticCredentials ?? []) : undefined,
    heartbeat: () => heartbeat.collect(),
    onChecks: (pending) => checks.run(pending),
  });
  // Credentials first: a gateway that listened before knowing any would refuse everyone.
  await poller.start();
  if (!store.snapshot) {
    logger.warn({}, 'no credential snapshot yet: every client is refused until the API answers');
  }
  const host = options.host ?? '0.0.0.0';
  let bound: { address: string; port: number };
  try {
    await reporter.start();
    bound = await proxy.listen(options.port ?? 1080, host);
  } catch (error) {
    poller.stop();
    await vmess?.stop();
    await reporter.stop();
    throw error;
  }
  logger.info({ ...bound, version: store.version }, 'gateway listening');

  return {
    host,
    ...bound,
    store,
    meter: store.meter,
    poller,
    reporter,
    checks,
    proxy,
    server: proxy.server,
    vmess,
    async stop() {
      poller.stop();
      await proxy.close();
      // Its last counters reach the meter before the reporter's final drain.
      await vmess?.stop();
      await reporter.stop();
      logger.info({ pending: await reporter.pending() }, 'gateway stopped');
    },
  };
}
