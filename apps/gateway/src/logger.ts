// The gateway logs through this small interface; pino's logger (the API server's, when the
// gateway is embedded) fits it as it is. Nothing is logged per chunk, only per event.
export interface Logger {
  debug?(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const levels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof levels)[number];

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** JSON lines on standard error, at `level` and above. */
export function createJsonLogger(level: LogLevel = 'info'): Logger {
  const threshold = levels.indexOf(level);
  const line = (name: LogLevel) => (fields: object, message: string) => {
    if (levels.indexOf(name) < threshold) return;
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: name, msg: message, ...fields })}\n`,
    );
  };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}

export function isLogLevel(value: string): value is LogLevel {
  return (levels as readonly string[]).includes(value);
}
