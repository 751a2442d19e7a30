import { redactDatabaseError } from '@stratus/db';
import type { FastifyServerOptions } from 'fastify';
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
      : {}),
  };
}
