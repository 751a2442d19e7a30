// curl as the real proxy client of the gateway journeys, and a wait for a state to arrive.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * How long a wait for a state (a poll applied, a report delivered, a tunnel cut) may take before
 * the test fails with what it saw last: the gateway, the API and the test share two busy cores.
 */
export const STATE_WAIT_MS = 30_000;

/** curl's exit code and what it printed (`%{http_code}` last). */
export async function curl(
  args: string[],
): Promise<{ exitCode: number; body: string; status: string }> {
  const split = (stdout: string) => {
    const cut = stdout.lastIndexOf('\n');
    return { body: stdout.slice(0, cut), status: stdout.slice(cut + 1) };
  };
  try {
    const { stdout } = await run('curl', [
      '-sS',
      '--max-time',
      String(STATE_WAIT_MS / 1000),
      '-w',
      '\n%{http_code}',
      ...args,
    ]);
    return { exitCode: 0, ...split(stdout) };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string };
    return { exitCode: failure.code ?? -1, ...split(failure.stdout ?? '') };
  }
}

/** Probes until `done` holds (or STATE_WAIT_MS pass); answers the last value for the assertion. */
export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + STATE_WAIT_MS;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await probe();
  }
  return value;
}
