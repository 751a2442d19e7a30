// `npm run gateway`: one gateway node, configured by the environment (see apps/gateway/README.md).
import { startGateway } from './gateway.ts';
import { createJsonLogger, isLogLevel } from './logger.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function whole(name: string, fallback: number, min = 0): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) fail(`${name} must be a whole number ≥ ${min}`);
  return value;
}

const env = process.env;
const apiUrl = env.GATEWAY_API_URL;
const nodeKey = env.GATEWAY_NODE_KEY;
if (!apiUrl || !/^https?:\/\//.test(apiUrl)) {
  fail('GATEWAY_API_URL must be the API origin, e.g. https://console.example.com');
}
if (!nodeKey?.startsWith('gnk_')) {
  fail('GATEWAY_NODE_KEY must be the node key `npm run admin -- add-node` printed (gnk_…)');
}
const level = env.LOG_LEVEL ?? 'info';
const logger = createJsonLogger(isLogLevel(level) ? level : 'info');

const gateway = await startGateway({
  apiUrl,
  nodeKey,
  nodeId: env.GATEWAY_NODE_ID || undefined,
  host: env.GATEWAY_HOST || '0.0.0.0',
  port: whole('GATEWAY_PORT', 1080),
  dataDir: env.GATEWAY_DATA_DIR || 'data/gateway',
  allowPrivateDestinations: env.GATEWAY_ALLOW_PRIVATE_DESTINATIONS === '1',
  limits: {
    maxConnectionsPerCredential: whole('GATEWAY_MAX_CONNECTIONS_PER_CREDENTIAL', 256, 1),
    idleTimeoutMs: whole('GATEWAY_IDLE_TIMEOUT_SECONDS', 300, 1) * 1000,
  },
  logger,
}).catch((error: Error) => fail(`Could not start the gateway: ${error.message}`));

let stopping = false;
async function shutDown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) process.exit(1);
  stopping = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => process.exit(1), 15_000).unref();
  await gateway.stop();
  process.exit(0);
}
process.on('SIGTERM', (signal) => void shutDown(signal));
process.on('SIGINT', (signal) => void shutDown(signal));
