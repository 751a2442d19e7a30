import { redactDatabaseError } from '@stratus/db';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * A failed query's error carries the values it was sent (drizzle's `params`, and its message
 * that repeats them) and PostgreSQL's `detail` quotes the row ("Failing row contains (…)"): a
 * bad registration logged a password hash and an API token. Every error handed to a logger,
 * as `{ err }` or on its own, is swapped for a copy without them before pino reads it.
 */
function withoutQueryValues(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (first instanceof Error) return [redactDatabaseError(first), ...rest];
  if (typeof first === 'object' && first !== null && 'err' in first) {
    return [{ ...first, err: redactDatabaseError(first.err) }, ...rest];
  }
  return args;
}

/** How long a buffered log line may wait for the batch to fill before it is written anyway. */
const LOG_FLUSH_INTERVAL_MS = 250;

let bufferedStdout: pino.DestinationStream | undefined;

/**
 * The process's one stdout for JSON logs, written in batches of about 4 KB instead of one write
 * per line: under load the write per request line was the largest CPU cost left after the wait
 * on the database (issue 18's profile). A line waits at most LOG_FLUSH_INTERVAL_MS; what is
 * buffered is written synchronously when the process exits, `process.exit` and a crash included,
 * so only a SIGKILL can lose the last quarter second.
 */
function batchedStdout(): pino.DestinationStream {
  if (!bufferedStdout) {
    // Synchronous writes of whole batches: an asynchronous write still in flight at exit would
    // land after the lines pino writes synchronously then, out of order (seen in CI).
    const destination = pino.destination({ dest: 1, sync: true, minLength: 4096 });
    // pino flushes only asynchronous destinations at exit: the batch left is written here, at
    // `process.exit` and after a crash alike.
    process.on('exit', () => {
      try {
        destination.flushSync();
      } catch {
        // stdout already closed (its reader gone): nothing left to write to.
      }
    });
    let waiting = false;
    setInterval(() => {
      // SonicBoom's flush writes even an empty buffer; with a callback it reports, rather than
      // throws, a stream already ended at exit.
      if (!waiting) return;
      waiting = false;
      destination.flush(() => {});
    }, LOG_FLUSH_INTERVAL_MS).unref();
    bufferedStdout = {
      write(line: string) {
        waiting = true;
        destination.write(line);
      },
    };
  }
  return bufferedStdout;
}

/** Pino options: JSON lines (or pino-pretty for a developer's terminal), secrets redacted. */
export function createLoggerOptions(config: Config): LoggerOptions {
  return {
    level: config.logLevel,
    hooks: {
      logMethod(args, method) {
        return method.apply(this, withoutQueryValues(args) as Parameters<typeof method>);
      },
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
    ...(config.logFormat === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : { stream: batchedStdout() }),
  };
}
