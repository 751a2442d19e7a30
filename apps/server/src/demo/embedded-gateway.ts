// The local demo's data plane: `npm start` runs one gateway inside the server process for the
// demo node, so a demo IP bought in the console really proxies (`curl -x socks5h://…@127.0.0.2:1080`).
// It talks to this server over HTTP with the node key, exactly as a remote gateway would.
import path from 'node:path';
import type { Db } from '@stratus/db';
import { findV2ray, startGateway, type RunningGateway } from '@stratus/gateway';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { rotateGatewayNodeKey } from '../modules/nodes/gateway-nodes.ts';
import { DEMO_NODE_NAME } from './demo-catalog.ts';

/** The address this server answers on from the same machine. */
function localApiUrl(host: string, port: number): string {
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
}

/**
 * Starts the embedded gateway, or answers null (and says why in the log) when it is off, when
 * there is no demo node, or when its port is taken: the console works without it.
 */
export async function startEmbeddedGateway({
  db,
  config,
  apiPort,
  log,
}: {
  db: Db;
  config: Config;
  apiPort: number;
  log: FastifyBaseLogger;
}): Promise<RunningGateway | null> {
  if (!config.embeddedGateway.enabled) return null;
  // A fresh key at every start: the process that holds it is the only gateway of the demo node.
  const nodeKey = await rotateGatewayNodeKey({ db, name: DEMO_NODE_NAME });
  if (!nodeKey) {
    log.info('no demo gateway node: the embedded gateway is not started');
    return null;
  }
  try {
    return await startGateway({
      apiUrl: localApiUrl(config.host, apiPort),
      nodeKey,
      // Every loopback demo IP on one port; only clients on this machine are served, because
      // this demo gateway may reach loopback destinations.
      host: '0.0.0.0',
      port: config.embeddedGateway.port,
      dataDir: path.join(config.dataDir, 'gateway'),
      allowPrivateDestinations: true,
      loopbackClientsOnly: true,
      // vmess too when Debian's v2ray package is installed.
      vmess: findV2ray(),
      logger: log.child({ component: 'gateway' }),
    });
  } catch (error) {
    log.warn(
      { err: (error as Error).message, port: config.embeddedGateway.port },
      'the embedded gateway could not start (EMBEDDED_GATEWAY_PORT taken?): proxies will not answer',
    );
    return null;
  }
}
