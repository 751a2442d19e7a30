// `node scripts/run-together.ts '<command>' …`: runs shell commands side by side, at most one per
// core, and fails when any of them fails. Each command's output is printed whole once it ends,
// under its name, so outputs never interleave. `npm run typecheck` and `npm run lint` run their
// independent steps this way: each step is one single-threaded process, and on CI's two cores
// running them one after another left a core idle.
import { spawn } from 'node:child_process';
import os from 'node:os';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error("usage: node scripts/run-together.ts '<command>' …");
  process.exit(2);
}

function run(command: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      const status = code ?? 1;
      const verdict = status === 0 ? 'ok' : `failed (${signal ?? `exit ${status}`})`;
      process.stdout.write(`\n> ${command}: ${verdict}\n${Buffer.concat(output).toString()}`);
      resolve(status);
    });
  });
}

const waiting = [...commands];
const failed: string[] = [];
async function worker() {
  for (let command = waiting.shift(); command !== undefined; command = waiting.shift()) {
    if ((await run(command)) !== 0) failed.push(command);
  }
}
const slots = Math.max(1, Math.min(os.availableParallelism(), commands.length));
await Promise.all(Array.from({ length: slots }, worker));
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
