// The arithmetic and the wording of `npm run bench:api`'s report: medians of rounds, ratios to
// the floors, the goals, and plain-text tables. No I/O here, so every rule has a test.

/** One round of load on one target, as the load generator counted it. */
export interface Round {
  /** Successful (2xx) answers per second. */
  perSecond: number;
  /** Latency percentiles of every answer, in milliseconds. */
  p50: number;
  p99: number;
  ok: number;
  /** Answers with another status, by status. */
  failed: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  /** Only from the paced generator (paced-load.ts). */
  paced?: PacedFigures;
}

/** A paced request later than this (ms) to leave the generator counts as the generator's lag. */
export const LATE_AFTER_MS = 10;

/** What an evenly paced, open-loop round adds; latencies run from each request's due time. */
export interface PacedFigures {
  /** Requests due in the window (rate × seconds). */
  offered: number;
  sent: number;
  /** Due but still waiting for a free connection when the window ended: never sent. */
  unsent: number;
  p90: number;
  max: number;
  /** Sent more than LATE_AFTER_MS after their due time because the generator's timer fired late. */
  generatorLate: number;
  /** Due while every connection was busy: they waited for one (the wait counts in the latency). */
  connectionWaits: number;
  /** Still unanswered when the generator gave up waiting (they may still complete). */
  abandoned: number;
}

/** The median of a target's rounds, each figure taken on its own. */
export interface Summary {
  perSecond: number;
  p50: number;
  p99: number;
  ok: number;
  failed: Record<string, number>;
  errors: number;
  rounds: number;
  /** Of paced rounds: the median p90, the largest max, the counts summed (as `ok` is). */
  paced?: PacedFigures;
}

/** The value at `fraction` (0–1) of the sorted values: the nearest rank, never interpolated. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(fraction * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

/** The middle value; of an even count, the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `value / floor`; NaN when the floor is not a positive number (nothing to compare with). */
export function ratio(value: number, floor: number): number {
  return floor > 0 ? value / floor : Number.NaN;
}

/** Medians of the rounds; the counts (answers, failures, errors) are summed over all of them. */
export function summarise(rounds: readonly Round[]): Summary {
  const failed: Record<string, number> = {};
  for (const round of rounds) {
    for (const [status, count] of Object.entries(round.failed)) {
      failed[status] = (failed[status] ?? 0) + count;
    }
  }
  return {
    perSecond: median(rounds.map((round) => round.perSecond)),
    p50: median(rounds.map((round) => round.p50)),
    p99: median(rounds.map((round) => round.p99)),
    ok: rounds.reduce((sum, round) => sum + round.ok, 0),
    failed,
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    rounds: rounds.length,
    ...summarisePaced(rounds),
  };
}

function summarisePaced(rounds: readonly Round[]): { paced?: PacedFigures } {
  const paced = rounds.flatMap((round) => (round.paced ? [round.paced] : []));
  if (paced.length === 0 || paced.length !== rounds.length) return {};
  const sum = (key: keyof PacedFigures) =>
    paced.reduce((total, figures) => total + figures[key], 0);
  return {
    paced: {
      offered: sum('offered'),
      sent: sum('sent'),
      unsent: sum('unsent'),
      p90: median(paced.map((figures) => figures.p90)),
      max: Math.max(...paced.map((figures) => figures.max)),
      generatorLate: sum('generatorLate'),
      connectionWaits: sum('connectionWaits'),
      abandoned: sum('abandoned'),
    },
  };
}

/**
 * A paced row's figures beyond the table, e.g. `p90 12.0 ms, max 80.1 ms; of 5000 due: 3 sent
 * over 10 ms late (the generator's lag), 40 waited for a connection, 0 never sent`.
 */
export function describePaced(figures: PacedFigures): string {
  return (
    `p90 ${fixed(figures.p90, 1)} ms, max ${fixed(figures.max, 1)} ms; of ${figures.offered} due:` +
    ` ${figures.generatorLate} sent over ${LATE_AFTER_MS} ms late (the generator's lag),` +
    ` ${figures.connectionWaits} waited for a free connection, ${figures.unsent} never sent` +
    (figures.abandoned ? `, ${figures.abandoned} unanswered when it stopped waiting` : '')
  );
}

/** Non-2xx answers and connection errors of a summary, e.g. `409×3 500×1 errors×2`, or `0`. */
export function describeFailures(summary: Pick<Summary, 'failed' | 'errors'>): string {
  const parts = Object.entries(summary.failed)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}×${count}`);
  if (summary.errors > 0) parts.push(`errors×${summary.errors}`);
  return parts.length ? parts.join(' ') : '0';
}

export function failureCount(summary: Pick<Summary, 'failed' | 'errors'>): number {
  return Object.values(summary.failed).reduce((sum, count) => sum + count, summary.errors);
}

export interface Goal {
  name: string;
  passed: boolean;
  /** What was measured against what was wanted. */
  detail: string;
}

const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** `measured ≥ factor × floor` of requests per second. */
export function floorGoal(
  name: string,
  { measured, floor, factor }: { measured: number; floor: number; factor: number },
): Goal {
  const achieved = ratio(measured, floor);
  return {
    name,
    passed: achieved >= factor,
    detail: `${fixed(achieved)} × the one-query floor (wanted ≥ ${fixed(factor, 1)})`,
  };
}

/**
 * A rate offered at a fixed pace (an open loop) is met: at least `share` of it answered 2xx per
 * second, with p99 under `maxP99Ms`. Only an open loop can test a rate and a latency together:
 * with C connections in a closed loop the mean latency is C / rate (Little's law), so 32
 * connections at 500/s mean 64 ms, whatever the server does.
 */
export function offeredRateGoal(
  name: string,
  summary: Pick<Summary, 'perSecond' | 'p99'>,
  {
    offeredPerSecond,
    maxP99Ms,
    share = 0.98,
  }: { offeredPerSecond: number; maxP99Ms: number; share?: number },
): Goal {
  const wantedPerSecond = offeredPerSecond * share;
  return {
    name,
    passed: summary.perSecond >= wantedPerSecond && summary.p99 < maxP99Ms,
    detail:
      `${fixed(summary.perSecond, 0)}/s of ${offeredPerSecond}/s offered, p99 ` +
      `${fixed(summary.p99, 1)} ms (wanted ≥ ${fixed(wantedPerSecond, 0)}/s and p99 < ${maxP99Ms} ms)`,
  };
}

export function goalLine(goal: Goal): string {
  return `${goal.passed ? 'PASS' : 'FAIL'}  ${goal.name}: ${goal.detail}`;
}

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

export { fixed as formatNumber };
