/**
 * Round axis ticks from 0 to at least `max`: about `intervals` steps of 1, 2, 2.5 or 5 × 10ⁿ,
 * so an axis reads 0, 0.5, 1, 1.5 … rather than the 0.65, 1.3 … a chart library derives from
 * the data alone. With nothing to show, 0 … 4.
 */
export function roundTicks(max: number, intervals = 4): number[] {
  if (!(max > 0)) return [0, 1, 2, 3, 4];
  const rough = max / intervals;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10]
      .map((factor) => factor * magnitude)
      .find((candidate) => candidate >= rough) ?? 10 * magnitude;
  const count = Math.ceil(max / step - 1e-9);
  // Rounded to the step's own precision, so 3 × 0.1 reads 0.3, not 0.30000000000000004.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Array.from({ length: count + 1 }, (_, index) => Number((index * step).toFixed(digits)));
}
