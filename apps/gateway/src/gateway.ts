// A whole gateway: the proxy listener, the credential store kept current from the API, and the
// usage reporter. `npm run gateway` runs one (main.ts); `npm start` embeds one for the demo.
import { mkdir } from 'node:fs/promises';
import type net from 'node:net';
import { createApiClient } from './control-plane/api-client.ts';
import { SnapshotPoller } from './control-plane/snapshot-poller.ts';
import { UsageReporter } from './control-plane/usage-reporter.ts';
import { CredentialStore } from './credentials/credential-store.ts';
import { UsageMeter } from './credentials/usage-counter.ts';
import { createJsonLogger, type Logger } from './logger.ts';
import { createProxyServer, type ProxyLimits } from './proxy-server.ts';

export { createProxyServer, defaultLimits, type ProxyLimits } from './proxy-server.ts';
export { CredentialStore } from './credentials/credential-store.ts';
export { UsageMeter } from './credentials/usage-counter.ts';
export type { Logger } from './logger.ts';

export interface GatewayOptions {
  /** The API's origin, e.g. `https://console.example.com`. */
  apiUrl: string;
  /** The node key `npm run admin -- add-node` printed (`gnk_…`). */
  nodeKey: string;
  /** Refuse a snapshot of any other node. */
  nodeId?: string;
  /** Listen address (default `0.0.0.0`: every IP of the machine). */
  host?: string;
  /** Listen port (default 1080; 0 picks a free one). */
  port?: number;
  /** Snapshot copy and usage spool (default `./data/gateway`). */
  dataDir?: string;
  allowPrivateDestinations?: boolean;
  loopbackClientsOnly?: boolean;
  limits?: Partial<ProxyLimits>;
  /** Overrides the snapshot's poll interval (tests). */
  pollIntervalMs?: number;
  reportIntervalMs?: number;
  logger?: Logger;
}

export interface RunningGateway {
  host: string;
  port: number;
  store: CredentialStore;
  meter: UsageMeter;
  poller: SnapshotPoller;
  reporter: UsageReporter;
  server: net.Server;
  /** Stops accepting, closes open connections, and spools and sends the last usage. */
  stop(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const logger = options.logger ?? createJsonLogger();
  const dataDir = options.dataDir ?? 'data/gateway';
  await mkdir(dataDir, { recursive: true });
  const api = createApiClient({ apiUrl: options.apiUrl, nodeKey: options.nodeKey });
  const meter = new UsageMeter();
  const store = new CredentialStore(meter);
  const poller = new SnapshotPoller({
    api,
    store,
    logger,
    dataDir,
    nodeId: options.nodeId,
    intervalMs: options.pollIntervalMs,
  });
  const reporter = new UsageReporter({
    api,
    meter,
    logger,
    dataDir,
    intervalMs: options.reportIntervalMs,
  });
  // Credentials first: a gateway that listened before knowing any would refuse everyone.
  await poller.start();
  await reporter.start();

  const server = createProxyServer({
    store,
    logger,
    allowPrivateDestinations: options.allowPrivateDestinations,
    loopbackClientsOnly: options.loopbackClientsOnly,
    limits: options.limits,
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '0.0.0.0';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 1080, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;
  logger.info({ host, port, version: store.version }, 'gateway listening');

  return {
    host,
    port,
    store,
    meter,
    poller,
    reporter,
    server,
    async stop() {
      poller.stop();
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
      await reporter.stop();
      logger.info({ pending: await reporter.pending() }, 'gateway stopped');
    },
  };
}
