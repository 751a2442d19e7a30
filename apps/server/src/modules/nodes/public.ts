// The nodes module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { createGatewayNode, rotateGatewayNodeKeyById } from './admin-nodes.ts';
export { getInstanceCheck, startInstanceCheck } from './checks.ts';
export {
  NODE_KEY_PREFIX,
  addGatewayNode,
  authenticateNodeKey,
  findGatewayNode,
  generateNodeKey,
  rotateGatewayNodeKey,
} from './gateway-nodes.ts';
export type { AuthenticatedNode, GatewayNodeRow } from './gateway-nodes.ts';
export { deleteHeartbeatsBefore } from './heartbeat-repo.ts';
export { hasDynamicPool } from './repo.ts';
export { logNodesGoneOffline } from './state-log.ts';
export { vmessUnservedOn } from './vmess-readiness.ts';
