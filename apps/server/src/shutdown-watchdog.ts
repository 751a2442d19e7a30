// The shutdown watchdog (see shutdown.ts), run as its own process by a server that is shutting
// down: `node shutdown-watchdog.ts <server pid> <kill at, ms since the epoch> <pending step>`.
// It ends quietly when the server exits (their IPC channel closes), or kills the server with
// SIGKILL at the deadline, whatever the server's main thread is stuck in.
import { writeSync } from 'node:fs';

const [serverPidText = '', killAtText = '', firstStep = 'unknown'] = process.argv.slice(2);
const serverPid = Number(serverPidText);
const killAt = Number(killAtText);
let pending = firstStep;

// The server's signals are not ours: a second Ctrl-C, or a service manager signalling the whole
// group, must not end the one guard that still works when the server's main thread is stuck.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => {});

process.on('message', (message: { pending?: unknown }) => {
  if (typeof message?.pending === 'string') pending = message.pending;
});
// The server exited: nothing left to guard.
process.on('disconnect', () => process.exit(0));

setTimeout(
  () => {
    // Only the process that started this watchdog: after it exits its pid may be reused.
    if (process.ppid !== serverPid) process.exit(0);
    const line = {
      level: 60,
      time: Date.now(),
      pid: serverPid,
      pending,
      msg: 'shutdown did not finish and the process does not respond: killing it (SIGKILL)',
    };
    // Synchronous: the line is written before the kill, whatever happens next.
    writeSync(1, `${JSON.stringify(line)}\n`);
    process.kill(serverPid, 'SIGKILL');
    process.exit(0);
  },
  Math.max(0, killAt - Date.now()),
);
