// The arithmetic of the gateway benchmark's report, apart from the processes it runs so it can be
// tested: percentiles, ratios, the goals' verdicts (a goal whose peer did not run is SKIPPED, not
// failed) and the one table the run prints.

/** The value at `fraction` (0.5 is the median) of `values`, nearest rank; NaN when empty. */
export function percentile(values: readonly number[], fraction: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(fraction * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export const median = (values: readonly number[]): number => percentile(values, 0.5);

/** `value / reference`, or undefined when either is missing or the reference is not positive. */
export function ratio(
  value: number | undefined,
  reference: number | undefined,
): number | undefined {
  if (value === undefined || reference === undefined) return undefined;
  if (!Number.isFinite(value) || !Number.isFinite(reference) || reference <= 0) return undefined;
  return value / reference;
}

/** What one path measured: medians of its downloads and percentiles of its connection setups. */
export interface PathResult {
  name: string;
  /** MiB/s, the median of the rounds; undefined when the path was not measured. */
  throughput?: number;
  setupP50?: number;
  setupP99?: number;
  /** CPU seconds the path's process spent per GiB downloaded through it. */
  cpuPerGib?: number;
  /** Why the path did not run (a peer that is not installed). */
  skipped?: string;
}

/**
 * Setup p50 and p99 over rounds of connections: each round's percentiles, then the median of
 * each across the rounds, so a burst of load from outside during one round moves that round's
 * figures and not the result. Undefined when nothing was measured.
 */
export function setupPercentiles(
  rounds: readonly (readonly number[])[],
): { p50: number; p99: number } | undefined {
  const measured = rounds.filter((round) => round.length);
  if (!measured.length) return undefined;
  return {
    p50: median(measured.map((round) => median(round))),
    p99: median(measured.map((round) => percentile(round, 0.99))),
  };
}

/** `setups`: one round of setup times, or several (see `setupPercentiles`). */
export function pathResult(
  name: string,
  speeds: readonly number[],
  setups: readonly number[] | readonly (readonly number[])[],
  cpuPerGib?: number,
): PathResult {
  const rounds = setups.every((round) => typeof round === 'number')
    ? [setups as readonly number[]]
    : (setups as readonly (readonly number[])[]);
  const setup = setupPercentiles(rounds);
  return {
    name,
    ...(cpuPerGib === undefined ? {} : { cpuPerGib }),
    ...(speeds.length ? { throughput: median(speeds) } : {}),
    ...(setup ? { setupP50: setup.p50, setupP99: setup.p99 } : {}),
  };
}

export type Verdict = 'PASS' | 'FAIL' | 'SKIPPED';

export interface GoalResult {
  goal: string;
  verdict: Verdict;
  /** The measured figure against its bound, or why the goal was skipped. */
  detail: string;
}

/**
 * `value ≥ factor × reference` (or `≤` for `atMost`): PASS or FAIL, SKIPPED when the value or
 * its reference is missing (the peer is not installed, or the path was not measured).
 */
export function judge({
  goal,
  value,
  reference,
  factor = 1,
  atMost = false,
  unit,
  missing,
}: {
  goal: string;
  value: number | undefined;
  reference: number | undefined;
  factor?: number;
  atMost?: boolean;
  unit: string;
  /** What is missing when SKIPPED. */
  missing: string;
}): GoalResult {
  if (value === undefined || reference === undefined || !Number.isFinite(reference)) {
    return { goal, verdict: 'SKIPPED', detail: missing };
  }
  const bound = factor * reference;
  const met = atMost ? value <= bound : value >= bound;
  const shown = (figure: number) => `${figure.toFixed(unit === 'ms' ? 3 : 0)} ${unit}`;
  return {
    goal,
    verdict: met ? 'PASS' : 'FAIL',
    detail: `${shown(value)} ${atMost ? '≤' : '≥'} ${shown(bound)}?`,
  };
}

/** The goals for the gateway against V2Ray and a direct download. */
export function gatewayGoals(
  gateway: PathResult,
  v2ray: PathResult | undefined,
  direct: PathResult,
): GoalResult[] {
  const v2rayMissing = v2ray?.skipped ?? 'V2Ray not measured';
  return [
    judge({
      goal: 'gateway throughput ≥ 1.5 × V2Ray',
      value: gateway.throughput,
      reference: v2ray?.throughput,
      factor: 1.5,
      unit: 'MiB/s',
      missing: v2rayMissing,
    }),
    judge({
      goal: 'gateway throughput ≥ 0.6 × direct',
      value: gateway.throughput,
      reference: direct.throughput,
      factor: 0.6,
      unit: 'MiB/s',
      missing: 'direct download not measured',
    }),
    judge({
      goal: "gateway setup p99 ≤ V2Ray's",
      value: gateway.setupP99,
      reference: v2ray?.setupP99,
      atMost: true,
      unit: 'ms',
      missing: v2rayMissing,
    }),
  ];
}

const blank = (value: number | undefined, digits: number, suffix = '') =>
  value === undefined ? '–' : `${value.toFixed(digits)}${suffix}`;

/** Plain-text columns: the first left-aligned, the rest right-aligned. */
export function formatColumns(rows: readonly string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd(),
  );
}

/**
 * One table: throughput, its ratios to direct, to the gateway and to V2Ray, setup p50/p99, and
 * the CPU time the proxy spent per GiB (on a loaded machine steadier than throughput).
 * Skipped paths keep their row, with the reason.
 */
export function resultTable(
  paths: readonly PathResult[],
  references: { direct: string; gateway: string; v2ray: string },
): string[] {
  const byName = new Map(paths.map((path) => [path.name, path]));
  const throughputOf = (name: string) => byName.get(name)?.throughput;
  const header = [
    'path',
    'MiB/s',
    '×direct',
    'gateway÷',
    '×V2Ray',
    'setup p50 ms',
    'setup p99 ms',
    'CPU s/GiB',
  ];
  const rows = paths.map((path) =>
    path.skipped
      ? [path.name, ...header.slice(1).map(() => '')]
      : [
          path.name,
          blank(path.throughput, 0),
          blank(ratio(path.throughput, throughputOf(references.direct)), 2),
          blank(ratio(throughputOf(references.gateway), path.throughput), 2),
          blank(ratio(path.throughput, throughputOf(references.v2ray)), 2),
          blank(path.setupP50, 3),
          blank(path.setupP99, 3),
          blank(path.cpuPerGib, 2),
        ],
  );
  // A skip reason is long: it follows its row rather than widening a column.
  const [head = '', ...lines] = formatColumns([header, ...rows]);
  return [
    head,
    ...lines.map((line, index) => {
      const skipped = paths[index]!.skipped;
      return skipped ? `${line.trimEnd()}  skipped: ${skipped}` : line;
    }),
  ];
}

/** Each goal on its line, and whether the run as a whole passed. */
export function goalLines(goals: readonly GoalResult[]): { lines: string[]; failed: boolean } {
  return {
    lines: goals.map((goal) => `  ${goal.verdict.padEnd(7)} ${goal.goal}  (${goal.detail})`),
    failed: goals.some((goal) => goal.verdict === 'FAIL'),
  };
}
