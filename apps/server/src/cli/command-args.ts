// What every command of `npm run admin` gets, and the argument parsing they share. Commands
// import these from here, never from admin.ts, which imports every command.
import { parseArgs } from 'node:util';
import type { Database } from '@stratus/db';
import type { Config } from '../config.ts';

export interface AdminContext {
  database: Database;
  config: Config;
  /** Where messages for the person at the terminal go. */
  print: (line: string) => void;
  /** Relative file arguments (`--csv`) are read from here; default the process's directory. */
  workingDirectory?: string;
}

/** Exit codes: 0 done, 1 refused (unknown node, region…; nothing changed), 2 bad usage. */
export const REFUSED = 1;
export const BAD_USAGE = 2;

/** Bad usage: its message is printed with the usage text, and the command exits with 2. */
export class UsageError extends Error {}

/** `parseArgs` in strict mode: string options only, exactly `positionalCount` positionals. */
export function parseCommandArgs<Options extends Record<string, { type: 'string' }>>(
  args: string[],
  options: Options,
  positionalCount: number,
) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== positionalCount) {
    throw new UsageError(
      positionalCount === 0
        ? `Unexpected argument ${parsed.positionals[0]}.`
        : `Expected ${positionalCount} name before the options, got ${parsed.positionals.length}.`,
    );
  }
  return parsed as {
    values: Partial<Record<keyof Options, string>>;
    positionals: string[];
  };
}

const nodeNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function requireNodeName(name: string | undefined): string {
  if (!name || !nodeNamePattern.test(name)) {
    throw new UsageError(
      'A node name is letters, digits, dots, dashes or underscores (at most 64), e.g. tokyo-1.',
    );
  }
  return name;
}
