// The JSON log stream writes its lines in batches (logger.ts): these check that batching loses
// nothing. Each case runs a process of its own, since what matters is what reaches its stdout.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const loggerModule = path.join(import.meta.dirname, 'logger.ts');

/** Children a failed or timed-out case left waiting: ended when the file is done. */
const children = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const child of children) child.kill();
});

/**
 * Runs `body` in a new Node process with `logger`, a pino logger built from createLoggerOptions
 * (JSON on stdout). `onLine` sees each stdout line as it arrives and may answer on the child's stdin.
 */
function runWithLogger(
  body: string,
  onLine: (line: string, stdin: NodeJS.WritableStream) => void = () => {},
): Promise<{ lines: string[]; code: number | null; stderr: string }> {
  const script = `
    import pino from 'pino';
    const { createLoggerOptions } = await import(${JSON.stringify(loggerModule)});
    // As Fastify builds it: the options' stream is the destination.
    const { stream, ...options } = createLoggerOptions({ logLevel: 'info', logFormat: 'json' });
    const logger = pino(options, stream);
    ${body}
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const lines: string[] = [];
  let pending = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) {
      lines.push(line);
      onLine(line, child.stdin);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ lines, code, stderr }));
  });
}

const messages = (lines: string[]) => lines.map((line) => JSON.parse(line).msg as string);

// Each case waits on its own process, so they run side by side; starting one loads the database
// package (logger.ts redacts its errors), seconds each on a loaded machine.
describe.concurrent('the batched JSON log stream', { timeout: 90_000 }, () => {
  it('writes a lone line while the process goes on, without waiting for more', async () => {
    // The first line of a process is written at once; a later one waits in the batch, which the
    // flush interval must write even though no more lines come.
    const { lines, code } = await runWithLogger(
      `logger.info('first');
       process.stdin.setEncoding('utf8').on('data', (said) => {
         if (said.startsWith('next')) logger.info('alone');
         else process.exit(0);
       });`,
      (line, stdin) => {
        stdin.write(line.includes('"first"') ? 'next\n' : 'exit\n');
      },
    );
    expect(code).toBe(0);
    expect(messages(lines)).toEqual(['first', 'alone']);
  });

  it('writes every line, in order, when the process exits at once', async () => {
    const { lines, code } = await runWithLogger(
      `for (let i = 0; i < 500; i++) logger.info('line ' + i);
       process.exit(0);`,
    );
    expect(code).toBe(0);
    expect(messages(lines)).toEqual(Array.from({ length: 500 }, (_, i) => `line ${i}`));
  });

  it('writes the lines logged before a crash', async () => {
    const { lines, code, stderr } = await runWithLogger(
      `for (let i = 0; i < 50; i++) logger.info('before ' + i);
       setImmediate(() => { throw new Error('the crash'); });`,
    );
    expect(code).not.toBe(0);
    expect(stderr).toContain('the crash');
    expect(messages(lines)).toEqual(Array.from({ length: 50 }, (_, i) => `before ${i}`));
  });

  it('redacts credentials in what it writes', async () => {
    const { lines } = await runWithLogger(
      `logger.info({ req: { headers: { authorization: 'Bearer secret-token-1234567' } } }, 'in');
       process.exit(0);`,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('secret-token');
    expect(JSON.parse(lines[0] ?? '{}').req.headers.authorization).toBe('[redacted]');
  });
});
