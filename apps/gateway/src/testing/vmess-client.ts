// A real vmess client for the tests: V2Ray itself, with a SOCKS5 inbound on loopback (username
// and password, as the tests' SOCKS5 client speaks) and one vmess outbound to the server under
// test. What reaches the SOCKS5 port leaves as vmess.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.ts';

export const VMESS_CLIENT_USER = 'vmess-test';
export const VMESS_CLIENT_PASSWORD = 'vmess-test-password';

export interface VmessClient {
  socksPort: number;
  stop(): Promise<void>;
}

export async function startVmessClient(
  v2rayPath: string,
  server: { address: string; port: number; id: string },
): Promise<VmessClient> {
  const socksPort = await freePort('127.0.0.1');
  const directory = await mkdtemp(path.join(os.tmpdir(), 'stratus-vmess-client-'));
  const file = path.join(directory, 'client.json');
  await writeFile(
    file,
    JSON.stringify({
      log: { loglevel: 'warning' },
      inbounds: [
        {
          listen: '127.0.0.1',
          port: socksPort,
          protocol: 'socks',
          settings: {
            auth: 'password',
            accounts: [{ user: VMESS_CLIENT_USER, pass: VMESS_CLIENT_PASSWORD }],
          },
        },
      ],
      outbounds: [
        {
          protocol: 'vmess',
          settings: {
            vnext: [
              {
                address: server.address,
                port: server.port,
                users: [{ id: server.id, alterId: 0, security: 'auto' }],
              },
            ],
          },
        },
      ],
    }),
  );
  const child = spawn(v2rayPath, ['-config', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`vmess client did not start: ${output}`)),
      10_000,
    );
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (/V2Ray [\d.]+ started/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    child.once('exit', () => reject(new Error(`vmess client exited: ${output}`)));
  });
  return {
    socksPort,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
