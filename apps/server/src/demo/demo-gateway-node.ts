// The API's side of the local demo's gateway. The gateway itself is a process of its own, which
// `npm start` (scripts/start.ts) runs beside this one and restarts if it dies, so a relay or V2Ray
// failure cannot take the API down. It talks to this server over HTTP with the node key, exactly
// as a remote gateway would; this server only makes the demo node ready for it at start.
import type { Db } from '@stratus/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { setNodeProxyPort } from '../modules/inventory/public.ts';
import { rotateGatewayNodeKey } from '../modules/nodes/public.ts';
import { DEMO_NODE_NAME } from './demo-catalog.ts';

/**
 * When the demo gateway is on: the demo IPs get its port (`EMBEDDED_GATEWAY_PORT`, so every
 * connection string shown to customers names the port it really listens on, also after the
 * setting changed), and the demo node gets the key `npm start` handed the gateway. Before
 * listening, so the gateway's first request already finds both.
 */
export async function prepareDemoGatewayNode({
  db,
  config,
  log,
}: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { enabled, port, nodeKey } = config.embeddedGateway;
  if (!enabled) return;
  const moved = await setNodeProxyPort({ db, nodeName: DEMO_NODE_NAME, port });
  if (moved) log.info({ addresses: moved, port }, 'moved the demo IPs to EMBEDDED_GATEWAY_PORT');
  if (!nodeKey) {
    log.info('the demo gateway runs beside the API under `npm start`: none runs for this process');
    return;
  }
  // The key of this run only: a gateway left over from an earlier run is refused.
  if (!(await rotateGatewayNodeKey({ db, name: DEMO_NODE_NAME, apiKey: nodeKey }))) {
    log.info('no demo gateway node: the demo gateway has nothing to serve');
  }
}
