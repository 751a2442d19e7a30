// The pure half of `npm run bench:web`: medians of Lighthouse's performance figures, the goals
// and the printed table. Kept apart from the browser so it can be tested alone.

export type Preset = 'desktop' | 'mobile';

/** Lighthouse performance score (0–100) each page must reach, per preset. */
export const MIN_PERFORMANCE: Record<Preset, number> = { desktop: 95, mobile: 90 };

/** Compressed JavaScript (bytes) a page may load before its first screen is usable. */
export const INITIAL_JS_BUDGET: Record<string, number> = {
  '/portal/home': 170 * 1000,
  '/console/overview': 250 * 1000,
};

/** The parts of a Lighthouse result (LHR) this report reads. */
export interface PerformanceResult {
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number } | undefined>;
}

/** One Lighthouse run's figures: score 0–100, times in ms, CLS unitless. */
export interface PerformanceRun {
  score: number | null;
  fcp: number | null;
  lcp: number | null;
  tbt: number | null;
  cls: number | null;
}

export interface PageMeasure extends PerformanceRun {
  page: string;
  preset: Preset;
  runs: number;
}

export interface Goal {
  name: string;
  actual: string;
  target: string;
  pass: boolean;
}

/** The middle value (the mean of the two middle ones for an even count); null when none. */
export function median(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle]! : (known[middle - 1]! + known[middle]!) / 2;
}

function audit(result: PerformanceResult, id: string): number | null {
  return result.audits[id]?.numericValue ?? null;
}

export function performanceRun(result: PerformanceResult): PerformanceRun {
  const score = result.categories.performance?.score;
  return {
    score: score == null ? null : Math.round(score * 100),
    fcp: audit(result, 'first-contentful-paint'),
    lcp: audit(result, 'largest-contentful-paint'),
    tbt: audit(result, 'total-blocking-time'),
    cls: audit(result, 'cumulative-layout-shift'),
  };
}

/** The median of each figure over several runs of one page and preset. */
export function medianOf(
  runs: readonly PerformanceRun[],
  where: { page: string; preset: Preset },
): PageMeasure {
  const of = (key: keyof PerformanceRun) => median(runs.map((run) => run[key]));
  return {
    ...where,
    runs: runs.length,
    score: of('score'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Every goal with its measured value; a page never measured fails its goal. */
export function evaluateGoals(
  measures: readonly PageMeasure[],
  initialJs: Readonly<Record<string, number>>,
): Goal[] {
  const goals: Goal[] = [];
  for (const [page, budget] of Object.entries(INITIAL_JS_BUDGET)) {
    const bytes = initialJs[page];
    goals.push({
      name: `initial JS ${page}`,
      actual: bytes === undefined ? 'not measured' : kb(bytes),
      target: `≤ ${kb(budget)}`,
      pass: bytes !== undefined && bytes <= budget,
    });
  }
  for (const measure of measures) {
    const min = MIN_PERFORMANCE[measure.preset];
    goals.push({
      name: `performance ${measure.page} ${measure.preset}`,
      actual: measure.score === null ? 'no score' : String(measure.score),
      target: `≥ ${min}`,
      pass: measure.score !== null && measure.score >= min,
    });
  }
  return goals;
}

const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);

export function formatReport(
  measures: readonly PageMeasure[],
  initialJs: Readonly<
    Record<string, { bytes: number; files: number; cssBytes?: number; cssFiles?: number }>
  >,
  goals: readonly Goal[],
): string {
  const lines = [
    'Lighthouse performance (medians)',
    'page                 preset   runs  score  FCP       LCP       TBT       CLS',
    ...measures.map((m) =>
      [
        m.page.padEnd(20),
        m.preset.padEnd(8),
        String(m.runs).padStart(4),
        String(m.score ?? '–').padStart(6),
        ms(m.fcp).padStart(9),
        ms(m.lcp).padStart(9),
        ms(m.tbt).padStart(9),
        (m.cls === null ? '–' : m.cls.toFixed(3)).padStart(7),
      ].join(' '),
    ),
    '',
    'JavaScript (and CSS) before the first screen is usable (bytes on the wire, as encoded)',
    ...Object.entries(initialJs).map(
      ([page, { bytes, files, cssBytes, cssFiles }]) =>
        `${page.padEnd(20)} ${kb(bytes).padStart(10)} in ${files} files` +
        (cssBytes === undefined ? '' : `; CSS ${kb(cssBytes)} in ${cssFiles} files`),
    ),
    '',
    'Goals',
    ...goals.map(
      (goal) =>
        `${goal.pass ? 'PASS' : 'FAIL'}  ${goal.name}: ${goal.actual} (goal ${goal.target})`,
    ),
  ];
  return lines.join('\n');
}
