// The other SOCKS5 servers the gateway is measured against, each from its Debian package: V2Ray
// (Go; the socks inbound with password authentication and a freedom outbound, as a V2Ray node
// would serve SOCKS5), microsocks (C, one thread per connection, password authentication) and
// Dante's danted (C; without authentication, since its username method checks system accounts).
// A peer that is not installed, or does not start, is skipped with the reason.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export interface Listen {
  host: string;
  port: number;
}

export interface Credentials {
  username: string;
  password: string;
}

/** V2Ray 4's JSON: a SOCKS5 inbound (password authentication, TCP only) and a freedom outbound. */
export function v2raySocksConfig(listen: Listen, credentials: Credentials) {
  return {
    log: { loglevel: 'none' },
    inbounds: [
      {
        listen: listen.host,
        port: listen.port,
        protocol: 'socks',
        settings: {
          auth: 'password',
          accounts: [{ user: credentials.username, pass: credentials.password }],
          udp: false,
        },
      },
    ],
    outbounds: [{ protocol: 'freedom', settings: {} }],
  };
}

export function microsocksArgs(listen: Listen, credentials: Credentials): string[] {
  return [
    '-i',
    listen.host,
    '-p',
    String(listen.port),
    '-u',
    credentials.username,
    '-P',
    credentials.password,
  ];
}

/** danted's configuration: no authentication, every client and destination passed, no log. */
export function danteConfig(listen: Listen): string {
  return [
    'logoutput: /dev/null',
    `internal: ${listen.host} port = ${listen.port}`,
    `external: ${listen.host}`,
    'clientmethod: none',
    'socksmethod: none',
    'client pass { from: 0.0.0.0/0 to: 0.0.0.0/0 }',
    'socks pass { from: 0.0.0.0/0 to: 0.0.0.0/0 }',
    '',
  ].join('\n');
}

export interface PeerSpec {
  /** The row's name in the report. */
  name: string;
  binary: string;
  /** Whether the client authenticates with a username and password. */
  authenticated: boolean;
  /** Serves from child processes (whose CPU time the benchmark does not see). */
  forks?: boolean;
  /** Measured only when this environment variable is 1. */
  optIn?: string;
  /** Writes any configuration into `dir` and answers the arguments. */
  prepare(dir: string, listen: Listen, credentials: Credentials): Promise<string[]>;
}

export const peerSpecs: PeerSpec[] = [
  {
    name: 'v2ray socks5',
    binary: '/usr/bin/v2ray',
    authenticated: true,
    async prepare(dir, listen, credentials) {
      const file = path.join(dir, 'v2ray-socks.json');
      await writeFile(file, JSON.stringify(v2raySocksConfig(listen, credentials)));
      return ['-config', file];
    },
  },
  {
    name: 'microsocks',
    binary: '/usr/bin/microsocks',
    authenticated: true,
    prepare: async (_dir, listen, credentials) => microsocksArgs(listen, credentials),
  },
  {
    name: 'dante (no auth)',
    binary: '/usr/sbin/danted',
    authenticated: false,
    forks: true,
    optIn: 'BENCH_DANTE',
    async prepare(dir, listen) {
      const file = path.join(dir, 'danted.conf');
      await writeFile(file, danteConfig(listen));
      return ['-f', file, '-N', '2'];
    },
  },
];

export type StartedPeer =
  | { ok: true; spec: PeerSpec; child: ChildProcess; listen: Listen }
  | { ok: false; spec: PeerSpec; reason: string };

function accepts(listen: Listen): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(listen);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts the peer and waits (up to 10 s) until its port accepts connections. */
export async function startPeer(
  spec: PeerSpec,
  dir: string,
  listen: Listen,
  credentials: Credentials,
): Promise<StartedPeer> {
  if (!existsSync(spec.binary)) {
    return { ok: false, spec, reason: `${spec.binary} is not installed` };
  }
  const args = await spec.prepare(dir, listen, credentials);
  const child = spawn(spec.binary, args, { stdio: 'ignore' });
  let exited: string | null = null;
  child.once('error', (error) => (exited = error.message));
  child.once('exit', (code, signal) => (exited ??= `exited with ${code ?? signal}`));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (exited) return { ok: false, spec, reason: `${spec.binary} ${exited}` };
    if (await accepts(listen)) return { ok: true, spec, child, listen };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  return { ok: false, spec, reason: `${spec.binary} did not listen within 10 s` };
}
