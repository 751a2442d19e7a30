import type { Socket } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageMeter } from '../credentials/usage-counter.ts';
import { freePort } from '../free-port.ts';
import { silentLogger } from '../logger.ts';
import {
  readBytes,
  readPeer,
  staticCredential,
  temporaryDirectories,
} from '../testing/fixtures.ts';
import { openTunnel } from '../testing/proxy-client.ts';
import { startEchoTarget, type Listening } from '../testing/targets.ts';
import {
  startVmessClient,
  VMESS_CLIENT_PASSWORD,
  VMESS_CLIENT_USER,
  type VmessClient,
} from '../testing/vmess-client.ts';
import { findV2ray, VmessEngine } from './vmess-engine.ts';

// Debian's v2ray package: `.ci/run` installs it; the README lists it with the test prerequisites.
const v2ray = findV2ray();

/**
 * 'served' when the target's first line comes through the tunnel within 2 s, else 'refused': a
 * vmess client accepts SOCKS5 at once and only then finds nothing (or a blackhole) behind it.
 */
const outcomeOf = (socket: Socket) =>
  Promise.race([
    readPeer(socket).then(
      () => 'served',
      () => 'refused',
    ),
    new Promise((resolve) => setTimeout(() => resolve('refused'), 2_000)),
  ]);

describe('the vmess engine (V2Ray)', () => {
  if (!v2ray) throw new Error('v2ray and v2ctl are needed for these tests: apt-get install v2ray');
  const directories = temporaryDirectories('stratus-vmess-');
  let echo: Listening;
  let meter: UsageMeter;
  let engine: VmessEngine;
  const clients: VmessClient[] = [];

  beforeAll(async () => {
    echo = await startEchoTarget();
    meter = new UsageMeter();
    engine = new VmessEngine({
      ...v2ray,
      dataDir: await directories.create(),
      meter,
      logger: silentLogger,
      allowPrivateDestinations: true,
    });
  });
  afterAll(async () => {
    await engine?.stop();
    await Promise.all(clients.map((client) => client.stop()));
    await echo?.close();
    await directories.removeAll();
  });

  const credentialOn = async (ip: string) =>
    staticCredential({ ip, protocols: ['socks5', 'http', 'vmess'], vmessPort: await freePort(ip) });
  const clientFor = async (credential: ReturnType<typeof staticCredential>) => {
    const client = await startVmessClient(v2ray!.v2rayPath, {
      address: credential.ip,
      port: credential.vmessPort,
      id: credential.vmessId,
    });
    clients.push(client);
    return client;
  };
  const tunnelThrough = (client: VmessClient) =>
    openTunnel({
      kind: 'socks5',
      via: { host: '127.0.0.1', port: client.socksPort },
      target: { host: '127.0.0.1', port: echo.port },
      username: VMESS_CLIENT_USER,
      password: VMESS_CLIENT_PASSWORD,
    });

  it('leaves from the instance’s IP and meters exactly the bytes moved', async () => {
    const credential = await credentialOn('127.0.0.2');
    await engine.sync([credential]);
    expect(engine.running).toBe(true);
    expect(engine.state).toBe('running');
    const client = await clientFor(credential);

    const socket = await tunnelThrough(client);
    const peer = await readPeer(socket);
    expect(peer).toBe('127.0.0.2');
    const payload = Buffer.alloc(200_000, 7);
    socket.write(payload);
    expect((await readBytes(socket, payload.length)).equals(payload)).toBe(true);
    socket.destroy();

    await engine.collectUsage();
    const counter = meter.counterFor('static', credential.instanceId);
    expect(counter.up).toBe(payload.length);
    expect(counter.down).toBe(payload.length + `${peer}\n`.length);
  });

  it('stops serving a withdrawn or expired instance at the next sync, counting its bytes first', async () => {
    const credential = await credentialOn('127.0.0.3');
    await engine.sync([credential]);
    const client = await clientFor(credential);
    const socket = await tunnelThrough(client);
    expect(await readPeer(socket)).toBe('127.0.0.3');
    socket.write('12345');
    await readBytes(socket, 5);
    const counter = meter.counterFor('static', credential.instanceId);
    const before = { up: counter.up, down: counter.down };

    // Expired: the same credential past its end.
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await engine.sync([{ ...credential, expiresAt: new Date(Date.now() - 1000).toISOString() }]);
    await closed;
    expect(engine.running).toBe(false);
    // Nothing to serve is no failure.
    expect(engine.state).toBe('stopped');
    // The counters were read before V2Ray stopped.
    expect(counter.up - before.up).toBe(5);
    expect(counter.down - before.down).toBe('127.0.0.3\n'.length + 5);
    // The vmess client still accepts SOCKS5, but nothing answers behind it.
    const late = await tunnelThrough(client).catch(() => null);
    const refused = late ? await outcomeOf(late) : 'refused';
    late?.destroy();
    expect(refused).toBe('refused');
  });

  it('starts V2Ray again after it died', async () => {
    const credential = await credentialOn('127.0.0.4');
    await engine.sync([credential]);
    const restarts = engine.restarts;
    const child = (engine as unknown as { child: ChildProcess }).child;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(child.pid!, 'SIGKILL');
    // The engine's own exit listener was added first, so it has run once this one does.
    await exited;
    expect(engine.running).toBe(false);
    expect(engine.state).toBe('failed');
    await engine.sync([credential]);
    expect(engine.running).toBe(true);
    expect(engine.state).toBe('running');
    expect(engine.restarts).toBe(restarts + 1);
    const socket = await tunnelThrough(await clientFor(credential));
    expect(await readPeer(socket)).toBe('127.0.0.4');
    socket.destroy();
  });

  it('logs a start that fails the same way at every poll once, and tries again each time', async () => {
    const errors: string[] = [];
    const logger = {
      ...silentLogger,
      error: (_fields: object, message: string) => errors.push(message),
    };
    const failing = new VmessEngine({
      ...v2ray!,
      dataDir: await directories.create(),
      meter,
      logger,
      allowPrivateDestinations: true,
    });
    try {
      // 192.0.2.0/24 is for documentation: no host has it, so V2Ray cannot listen there.
      const nowhere = staticCredential({
        ip: '192.0.2.10',
        protocols: ['vmess'],
        vmessPort: 10086,
      });
      await failing.sync([nowhere]);
      await failing.sync([nowhere]);
      expect(failing.running).toBe(false);
      expect(failing.state).toBe('failed');
      expect(failing.restarts).toBe(0);
      expect(errors).toEqual(['vmess engine (V2Ray) did not start']);
    } finally {
      await failing.stop();
    }
  });

  it('refuses private destinations unless allowed', async () => {
    const strict = new VmessEngine({
      ...v2ray!,
      dataDir: await directories.create(),
      meter,
      logger: silentLogger,
      allowPrivateDestinations: false,
    });
    try {
      const credential = await credentialOn('127.0.0.5');
      await strict.sync([credential]);
      const socket = await tunnelThrough(await clientFor(credential));
      const outcome = await outcomeOf(socket);
      socket.destroy();
      expect(outcome).toBe('refused');
    } finally {
      await strict.stop();
    }
  });
});

/**
 * Budget of a test that starts a gateway process (about 1 s of CPU to load, over 4 s of wall time
 * on two busy cores) which starts V2Ray in turn.
 */
const PROCESS_TEST_MS = 120_000;

describe('V2Ray and the gateway process', { timeout: PROCESS_TEST_MS }, () => {
  it('dies with the gateway, however the gateway dies', async () => {
    const script = path.join(import.meta.dirname, '../testing/run-vmess-engine.ts');
    const gateway = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const v2rayPid = await new Promise<number>((resolve, reject) => {
      let output = '';
      gateway.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('\n')) resolve(Number(output.trim()));
      });
      gateway.once('exit', (code) => reject(new Error(`the engine script exited with ${code}`)));
    });
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive(v2rayPid)).toBe(true);
    gateway.kill('SIGKILL');
    // The kernel kills V2Ray with its parent; only a busy scheduler can delay seeing it gone.
    const deadline = Date.now() + PROCESS_TEST_MS / 2;
    while (alive(v2rayPid) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(alive(v2rayPid)).toBe(false);
  });
});
