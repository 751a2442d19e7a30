// The processes of `npm start`: the API server and, beside it, the demo gateway (apps/gateway's
// main.ts) as a process of its own, so a relay or V2Ray failure cannot take the API down. This
// supervisor hands both the same fresh node key, starts the gateway once the API accepts that key,
// restarts it with a growing delay whenever it dies, and on Ctrl-C or SIGTERM stops the gateway
// first (its last usage batch goes to the API while it still answers), then the API.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ApiError, createApiClient } from '../apps/gateway/src/control-plane/api-client.ts';
import { freePort } from '../apps/gateway/src/free-port.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';

const root = path.resolve(import.meta.dirname, '..');
const apiEntry = path.join(root, 'apps/server/src/server.ts');
const gatewayEntry = path.join(root, 'apps/gateway/src/main.ts');

/** First restart delay of a gateway that died; it doubles up to the cap, reset by a long run. */
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A gateway that ran this long before dying is restarted after the first delay again. */
const STABLE_RUN_MS = 60_000;
/** How often the API is asked whether it accepts the gateway's key, until it answers. */
const API_PROBE_MS = 500;
/** The gateway stops within 15 s itself (main.ts); past this it is killed. */
const GATEWAY_STOP_MS = 20_000;

/** The gateway's levels; the server's fatal and trace map to their nearest. */
const gatewayLogLevels: Record<string, string> = { fatal: 'error', trace: 'debug' };

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function warn(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** The address the API answers on from this machine. */
function localOrigin(host: string, port: number): string {
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
}

/** A key the API takes as a node key (its `gnk_` prefix, 32 random bytes like `add-node`'s). */
function generateNodeKey(): string {
  return `gnk_${randomBytes(32).toString('base64url')}`;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Runs the API (with `apiNodeOptions` before its entry, e.g. `--watch`) and the demo gateway
 * until the API exits; answers the API's exit code. Installs the process's signal handlers.
 */
export async function runStratus({ apiNodeOptions = [] }: { apiNodeOptions?: string[] } = {}) {
  let config: Config | null = null;
  try {
    config = loadConfig();
  } catch {
    // The API says what is wrong with the configuration, and exits 1.
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  const demo = config?.embeddedGateway.enabled ? config : null;
  let apiUrl = '';
  const nodeKey = generateNodeKey();
  if (demo) {
    // The gateway needs the API's address before the API has one: 0 becomes a free port here.
    const apiPort = demo.port || (await freePort(demo.host === '::' ? '::' : '0.0.0.0'));
    env.PORT = String(apiPort);
    env.EMBEDDED_GATEWAY_NODE_KEY = nodeKey;
    apiUrl = localOrigin(demo.host, apiPort);
  }

  // Detached (a process group of their own): Ctrl-C reaches this supervisor only, which then
  // stops the two in order. The IPC channel ends each if this process is killed outright.
  const api = spawn(process.execPath, [...apiNodeOptions, apiEntry], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  const apiExit = new Promise<number>((resolve) => {
    api.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    api.once('error', (error) => {
      warn(`The API could not be started: ${error.message}`);
      resolve(1);
    });
  });

  let stopping = false;
  let gateway: ChildProcess | null = null;
  let restartTimer: NodeJS.Timeout | undefined;
  let restartDelayMs = FIRST_RESTART_DELAY_MS;

  const startGateway = (settings: Config) => {
    if (stopping) return;
    const startedAt = Date.now();
    const child = spawn(process.execPath, [gatewayEntry], {
      env: {
        ...process.env,
        GATEWAY_API_URL: apiUrl,
        GATEWAY_NODE_KEY: nodeKey,
        GATEWAY_HOST: '0.0.0.0',
        GATEWAY_PORT: String(settings.embeddedGateway.port),
        GATEWAY_DATA_DIR: path.join(settings.dataDir, 'gateway'),
        // A local demo: loopback destinations allowed, so only clients on this machine.
        GATEWAY_ALLOW_PRIVATE_DESTINATIONS: '1',
        GATEWAY_LOOPBACK_CLIENTS_ONLY: '1',
        LOG_LEVEL: gatewayLogLevels[settings.logLevel] ?? settings.logLevel,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      detached: true,
    });
    gateway = child;
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type !== 'gateway-listening') return;
      const port = message.port ?? settings.embeddedGateway.port;
      say(
        `Demo proxy gateway on port ${port} of 127.0.0.1 and the demo IPs 127.0.0.2… ` +
          `(process ${child.pid}; SOCKS5 and HTTP; buy an IP in the console, then: ` +
          `curl -x socks5h://user:pass@<ip>:${port} http://example.com)`,
      );
    });
    child.once('error', (error) => warn(`The demo gateway could not be started: ${error.message}`));
    child.once('exit', (code, signal) => {
      if (gateway === child) gateway = null;
      if (stopping) return;
      if (Date.now() - startedAt >= STABLE_RUN_MS) restartDelayMs = FIRST_RESTART_DELAY_MS;
      warn(
        `The demo gateway exited (${signal ?? `code ${code}`}); the API goes on. ` +
          `Restarting it in ${restartDelayMs / 1000} s (EMBEDDED_GATEWAY_PORT=${settings.embeddedGateway.port} taken?).`,
      );
      restartTimer = setTimeout(() => startGateway(settings), restartDelayMs);
      restartDelayMs = Math.min(restartDelayMs * 2, MAX_RESTART_DELAY_MS);
    });
  };

  /** Waits until the API accepts the gateway's key; false when it never will (or stopped). */
  const apiAcceptsKey = async (): Promise<boolean> => {
    const client = createApiClient({ apiUrl, nodeKey, timeoutMs: 10_000 });
    while (!stopping && api.exitCode === null && api.signalCode === null) {
      try {
        await client.fetchCredentials(null);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.isUnauthorized) {
          say(
            'No demo gateway node in this database (DEMO_SEED=0, or a catalog of your own): ' +
              'the demo gateway is not started.',
          );
          return false;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, API_PROBE_MS));
    }
    return false;
  };

  const stopGateway = async () => {
    clearTimeout(restartTimer);
    const child = gateway;
    if (!child) return;
    child.kill('SIGTERM');
    const overdue = setTimeout(() => child.kill('SIGKILL'), GATEWAY_STOP_MS);
    await exited(child);
    clearTimeout(overdue);
  };

  let signals = 0;
  const onSignal = () => {
    signals += 1;
    if (signals > 1) {
      // A second signal: the API exits at its own second signal, the gateway at once.
      api.kill('SIGTERM');
      gateway?.kill('SIGKILL');
      return;
    }
    stopping = true;
    void stopGateway().then(() => api.kill('SIGTERM'));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);

  if (demo) {
    void apiAcceptsKey().then((accepted) => {
      if (accepted) startGateway(demo);
    });
  }

  const code = await apiExit;
  stopping = true;
  await stopGateway();
  return code;
}
