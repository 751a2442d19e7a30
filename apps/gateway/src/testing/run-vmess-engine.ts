// Runs a vmess engine for one static IP in a process of its own, for the test that kills this
// process and expects V2Ray to die with it. Prints V2Ray's process id once it serves.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UsageMeter } from '../credentials/usage-counter.ts';
import { freePort } from '../free-port.ts';
import { silentLogger } from '../logger.ts';
import { findV2ray, VmessEngine } from '../vmess/vmess-engine.ts';
import { staticCredential } from './fixtures.ts';

const v2ray = findV2ray();
if (!v2ray) throw new Error('v2ray is not installed');
const engine = new VmessEngine({
  ...v2ray,
  dataDir: await mkdtemp(path.join(os.tmpdir(), 'stratus-vmess-orphan-')),
  meter: new UsageMeter(),
  logger: silentLogger,
  allowPrivateDestinations: true,
});
const ip = '127.0.0.6';
await engine.sync([staticCredential({ ip, protocols: ['vmess'], vmessPort: await freePort(ip) })]);
process.stdout.write(`${engine.pid}\n`);
setInterval(() => {}, 60_000);
