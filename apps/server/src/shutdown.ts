// The deadline of a shutdown. A timer on the main thread is not enough: a server on the embedded
// database once sat for 35 minutes after SIGTERM with its main thread stuck in a futex wait
// (a file-handle close of PGlite's file system pending), where no timer and no second signal
// handler can run. So two guards start with the shutdown:
// - a timer on the main thread, which after the grace logs what is still pending (with Node's
//   list of active resources) and exits 1: the usual case, a request or job that will not end;
// - a watchdog process, which kills this one with SIGKILL a little later if it is still there.
//   A separate process rather than a worker thread: Node stops worker threads early in its exit,
//   so a hang inside process exit itself would outlive a worker but not another process.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The watchdog gives the main thread's own deadline this long before it kills the process. */
export const WATCHDOG_MARGIN_MS = 2_000;

const watchdogScript = path.join(import.meta.dirname, 'shutdown-watchdog.ts');

export type ShutdownReport = (
  level: 'info' | 'warn' | 'error',
  fields: Record<string, unknown>,
  message: string,
) => void;

export interface ShutdownDeadline {
  /** Names the step now running: what the log says is pending if the deadline passes. */
  enter(step: string): void;
}

/** Starts both guards; call it first thing when a shutdown begins. */
export function armShutdownDeadline({
  graceMs,
  step,
  report,
}: {
  graceMs: number;
  /** The step running when the shutdown begins. */
  step: string;
  report: ShutdownReport;
}): ShutdownDeadline {
  let pending = step;
  const watchdog = startWatchdog({ killAfterMs: graceMs + WATCHDOG_MARGIN_MS, step, report });
  // Not unref'd: a shutdown waiting on a promise that nothing will settle still ends here, with
  // a log line, rather than by the event loop running empty and exiting 0 as if all went well.
  setTimeout(() => {
    report(
      'error',
      {
        pending,
        graceSeconds: graceMs / 1000,
        activeResources: process.getActiveResourcesInfo(),
      },
      `shutdown did not finish within ${graceMs / 1000} s: exiting`,
    );
    process.exit(1);
  }, graceMs);
  return {
    enter(next) {
      pending = next;
      if (watchdog?.connected) watchdog.send({ pending: next });
    },
  };
}

function startWatchdog({
  killAfterMs,
  step,
  report,
}: {
  killAfterMs: number;
  step: string;
  report: ShutdownReport;
}): ChildProcess | null {
  // NODE_OPTIONS stays behind: the watchdog needs nothing the server was started with.
  const { NODE_OPTIONS: _nodeOptions, ...env } = process.env;
  // An absolute deadline, so the watchdog's own start-up on a busy machine does not extend it.
  const killAt = Date.now() + killAfterMs;
  let watchdog: ChildProcess;
  try {
    watchdog = spawn(
      process.execPath,
      [watchdogScript, String(process.pid), String(killAt), step],
      {
        env,
        // Its log line goes where this process logs; the channel tells it when this process exits.
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
  } catch (error) {
    report('warn', { err: error }, 'shutdown watchdog not started: only the timer guards the exit');
    return null;
  }
  watchdog.on('error', (error) =>
    report('warn', { err: error }, 'shutdown watchdog not started: only the timer guards the exit'),
  );
  // Neither the watchdog nor its channel may keep this process alive.
  watchdog.unref();
  watchdog.channel?.unref();
  return watchdog;
}
