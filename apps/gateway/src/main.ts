// `npm run gateway`: one gateway node, configured by the environment (see apps/gateway/README.md);
// also the demo gateway `npm start` runs beside the API.
// Logs are JSON lines on standard error; SIGTERM or SIGINT stops it gracefully (open connections
// closed, the last usage spooled and sent), a second signal exits at once.
import { parsePortRange, type PortRange } from './egress-ports.ts';
import { findV2ray, startGateway } from './gateway.ts';
import { createJsonLogger, isLogLevel } from './logger.ts';

const SHUTDOWN_DEADLINE_MS = 15_000;

function fail(message: string): never {
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: message })}\n`,
  );
  process.exit(1);
}

function wholeNumber(name: string, fallback: number, min: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    fail(`${name} must be a whole number ≥ ${min}, not "${text}"`);
  return value;
}

function flag(name: string): boolean {
  const text = process.env[name] ?? '';
  if (text !== '' && text !== '0' && text !== '1') fail(`${name} must be 0 or 1, not "${text}"`);
  return text === '1';
}

/** Unset: the default range (undefined); `0`: the kernel picks each port (null). */
function egressPortRange(name: string): PortRange | null | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  if (text === '0') return null;
  return parsePortRange(text) ?? fail(`${name} must be a port range such as 32768-60999, or 0`);
}

/** `auto` (default): vmess when V2Ray is installed; `1`: required; `0`: off. */
function vmessEngine() {
  const mode = process.env.GATEWAY_VMESS || 'auto';
  if (!['auto', '0', '1'].includes(mode)) fail(`GATEWAY_VMESS must be auto, 0 or 1, not "${mode}"`);
  if (mode === '0') return null;
  const found = findV2ray(process.env.GATEWAY_V2RAY || 'v2ray');
  if (!found && mode === '1') {
    fail(
      'GATEWAY_VMESS=1 but v2ray and v2ctl were not found (apt-get install v2ray, or GATEWAY_V2RAY)',
    );
  }
  return found;
}

/** Unset: the API's own `/api/health` (the gateway's default). */
function checkUrl(): string | undefined {
  const text = process.env.GATEWAY_CHECK_URL;
  if (!text) return undefined;
  if (!/^https?:\/\/[^/]/.test(text))
    fail(`GATEWAY_CHECK_URL must be an http(s) URL, not "${text}"`);
  return text;
}

const env = process.env;
const apiUrl = env.GATEWAY_API_URL ?? '';
const nodeKey = env.GATEWAY_NODE_KEY ?? '';
if (!/^https?:\/\/[^/]/.test(apiUrl)) {
  fail('GATEWAY_API_URL is required: the API origin, e.g. https://console.example.com');
}
if (!nodeKey)
  fail('GATEWAY_NODE_KEY is required: the node key `npm run admin -- add-node` printed');
const level = env.LOG_LEVEL || 'info';
if (!isLogLevel(level))
  fail(`LOG_LEVEL must be debug, info, warn, error or silent, not "${level}"`);
const logger = createJsonLogger(level);

const gateway = await startGateway({
  apiUrl,
  nodeKey,
  nodeId: env.GATEWAY_NODE_ID || undefined,
  host: env.GATEWAY_HOST || '0.0.0.0',
  port: wholeNumber('GATEWAY_PORT', 1080, 0),
  dataDir: env.GATEWAY_DATA_DIR || 'data/gateway',
  allowPrivateDestinations: flag('GATEWAY_ALLOW_PRIVATE_DESTINATIONS'),
  loopbackClientsOnly: flag('GATEWAY_LOOPBACK_CLIENTS_ONLY'),
  egressPortRange: egressPortRange('GATEWAY_EGRESS_PORTS'),
  vmess: vmessEngine(),
  limits: {
    maxConnectionsPerCredential: wholeNumber('GATEWAY_MAX_CONNECTIONS_PER_CREDENTIAL', 256, 1),
    maxConnections: wholeNumber('GATEWAY_MAX_CONNECTIONS', 50_000, 1),
    idleTimeoutMs: wholeNumber('GATEWAY_IDLE_TIMEOUT_SECONDS', 300, 1) * 1000,
  },
  reportIntervalMs: wholeNumber('GATEWAY_REPORT_INTERVAL_SECONDS', 5, 1) * 1000,
  checkUrl: checkUrl(),
  logger,
}).catch((error: Error) => fail(`the gateway could not start: ${error.message}`));

let stopping = false;
async function shutDown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) process.exit(1);
  stopping = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
  await gateway.stop();
  process.exit(0);
}
process.on('SIGTERM', (signal) => void shutDown(signal));
process.on('SIGINT', (signal) => void shutDown(signal));

// Run by a supervisor (`npm start` runs the demo gateway so): it learns the bound port here, and
// when its channel closes, even because it was killed outright, this gateway stops with it.
if (process.send) {
  process.send({ type: 'gateway-listening', address: gateway.address, port: gateway.port });
  process.once('disconnect', () => void shutDown('SIGTERM'));
}
