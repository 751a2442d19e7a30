import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Pino options: JSON lines (or pino-pretty for a developer's terminal), secrets redacted. */
export function createLoggerOptions(config: Config): LoggerOptions {
  return {
    level: config.logLevel,
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
