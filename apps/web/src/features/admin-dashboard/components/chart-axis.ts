export const CHART_HEIGHT = 280;
// Before the container is measured (and in tests, where nothing is), draw at this size.
export const INITIAL_CHART_SIZE = { width: 640, height: CHART_HEIGHT };

/** A China day (`YYYY-MM-DD`) as the axis shows it: `MM-DD`. */
export function dayTick(day: string): string {
  return day.slice(5);
}
