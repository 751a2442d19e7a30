// The options of `npm run bench:api`: flags (`--only wallet,catalog --seconds 5`) or the BENCH_*
// environment variables; a flag wins over its variable.

/** What the API benchmark can measure, in the order it measures them. */
export const benchSections = [
  'wallet',
  'catalog',
  'instances',
  'overview',
  'purchases',
  'usage',
] as const;
export type BenchSection = (typeof benchSections)[number];

/** The sections that read and are set against the floors. */
export const readSections = ['wallet', 'catalog', 'instances', 'overview'] as const;
export type ReadSection = (typeof readSections)[number];

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface BenchOptions {
  sections: BenchSection[];
  /** Seconds of each measured round. */
  seconds: number;
  /** Seconds of load on each target before its first round, not measured. */
  warmupSeconds: number;
  /** Measured rounds per target; the median counts. */
  rounds: number;
  /** Concurrent connections of the load generator (reads and purchases). */
  connections: number;
  /** Funded customers, each with a wallet and a session. */
  customers: number;
  /** Gateway nodes sending usage batches at once (one connection each). */
  usageNodes: number;
  /** Records in each usage batch, one per instance of the node. */
  usageBatch: number;
  /** The API's LOG_LEVEL: production's default is info, which logs every request. */
  logLevel: (typeof logLevels)[number];
}

interface NumberOption {
  flag: string;
  env: string;
  key: Exclude<keyof BenchOptions, 'sections' | 'logLevel'>;
  fallback: number;
  min: number;
  max: number;
  help: string;
}

const numberOptions: NumberOption[] = [
  {
    flag: '--seconds',
    env: 'BENCH_SECONDS',
    key: 'seconds',
    fallback: 10,
    min: 1,
    max: 3600,
    help: 'seconds per measured round',
  },
  {
    flag: '--warmup',
    env: 'BENCH_WARMUP',
    key: 'warmupSeconds',
    fallback: 3,
    min: 0,
    max: 600,
    help: 'unmeasured seconds before each target',
  },
  {
    flag: '--rounds',
    env: 'BENCH_ROUNDS',
    key: 'rounds',
    fallback: 3,
    min: 1,
    max: 100,
    help: 'rounds per target (median counts)',
  },
  {
    flag: '--connections',
    env: 'BENCH_CONNECTIONS',
    key: 'connections',
    fallback: 32,
    min: 1,
    max: 10_000,
    help: 'concurrent connections',
  },
  {
    flag: '--customers',
    env: 'BENCH_CUSTOMERS',
    key: 'customers',
    fallback: 1000,
    min: 1,
    max: 100_000,
    help: 'funded customers (purchases spread)',
  },
  {
    flag: '--usage-nodes',
    env: 'BENCH_USAGE_NODES',
    key: 'usageNodes',
    fallback: 4,
    min: 1,
    max: 64,
    help: 'nodes sending usage at once',
  },
  {
    flag: '--usage-batch',
    env: 'BENCH_USAGE_BATCH',
    key: 'usageBatch',
    fallback: 500,
    min: 1,
    max: 5000,
    help: 'records per usage batch',
  },
];

export const benchUsage = [
  'npm run bench:api -- [--only <sections>] [options]',
  `  --only <list>       comma-separated, of ${benchSections.join(', ')} (BENCH_ONLY; default all)`,
  ...numberOptions.map(
    (option) =>
      `  ${`${option.flag} <n>`.padEnd(19)} ${option.help} (${option.env}; default ${option.fallback})`,
  ),
  `  --log-level <level> the API's LOG_LEVEL (BENCH_LOG_LEVEL; default info, as in production)`,
].join('\n');

/** Thrown for an unknown flag or a bad value; its message says which. */
export class BenchOptionsError extends Error {
  override name = 'BenchOptionsError';
}

function parseSections(value: string): BenchSection[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(benchSections as readonly string[]).includes(name));
  if (unknown.length || names.length === 0) {
    throw new BenchOptionsError(
      `--only: unknown section ${unknown.join(', ') || '(none given)'}; ` +
        `choose from ${benchSections.join(', ')}`,
    );
  }
  // Measured in the fixed order whatever order they were named in: reads before the purchases
  // that change the data they read.
  return benchSections.filter((section) => names.includes(section));
}

function parseWhole(option: NumberOption, value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < option.min || number > option.max) {
    throw new BenchOptionsError(
      `${option.flag}: must be a whole number from ${option.min} to ${option.max}, not "${value}"`,
    );
  }
  return number;
}

/** Reads `argv` (the arguments after the script) and `env` into the benchmark's options. */
export function parseBenchOptions(
  argv: readonly string[],
  env: Record<string, string | undefined> = {},
): BenchOptions {
  const given = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    const [flag, inline] = argument.split(/=(.*)/s, 2) as [string, string | undefined];
    const known =
      flag === '--only' ||
      flag === '--log-level' ||
      numberOptions.some((option) => option.flag === flag);
    if (!known) throw new BenchOptionsError(`unknown argument "${argument}"\n${benchUsage}`);
    const value = inline ?? argv[(index += 1)];
    if (value === undefined) throw new BenchOptionsError(`${flag}: needs a value`);
    given.set(flag, value);
  }
  const pick = (flag: string, name: string) => given.get(flag) ?? (env[name] || undefined);

  const only = pick('--only', 'BENCH_ONLY');
  const logLevel = pick('--log-level', 'BENCH_LOG_LEVEL') ?? 'info';
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    throw new BenchOptionsError(`--log-level: must be one of ${logLevels.join(', ')}`);
  }
  const options = {
    sections: only === undefined ? [...benchSections] : parseSections(only),
    logLevel: logLevel as BenchOptions['logLevel'],
  } as BenchOptions;
  for (const option of numberOptions) {
    const value = pick(option.flag, option.env);
    options[option.key] = value === undefined ? option.fallback : parseWhole(option, value);
  }
  return options;
}
