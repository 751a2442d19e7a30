// The dashboard's calendar: today, this month, last month and the chart's 30 days, as business
// days (`YYYY-MM-DD`) and as the instants where they start (a zone with daylight saving has days
// of 23 and 25 hours: each start is worked out from its day, never by adding 24 hours).
import { DASHBOARD_SERIES_DAYS } from '@stratus/contract';
import { businessDayOf, startOfBusinessDay } from '../../business-time.ts';

const DAY_MS = 86_400_000;

/** `day` (`YYYY-MM-DD`) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the month `months` away from the month of `day`. */
function firstOfMonth(day: string, months = 0): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

export interface DashboardPeriods {
  /** Today's China day. */
  today: string;
  /** First day of this month and of last month. */
  thisMonth: string;
  lastMonth: string;
  /** First day of the chart (29 days before today). */
  seriesFrom: string;
  /** The chart's days, oldest first, today last. */
  seriesDays: string[];
  /** Instants: the start of today, of tomorrow, of this month, of last month, of the chart. */
  todayStart: Date;
  tomorrowStart: Date;
  thisMonthStart: Date;
  lastMonthStart: Date;
  seriesStart: Date;
  /** The earliest of the starts above: where the day sums the periods are made of begin. */
  earliestStart: Date;
}

/** The periods the dashboard shows at `now`. */
export function dashboardPeriods(now: Date): DashboardPeriods {
  const today = businessDayOf(now);
  const thisMonth = firstOfMonth(today);
  const lastMonth = firstOfMonth(today, -1);
  const seriesFrom = addDays(today, 1 - DASHBOARD_SERIES_DAYS);
  const seriesDays = Array.from({ length: DASHBOARD_SERIES_DAYS }, (_, index) =>
    addDays(seriesFrom, index),
  );
  const earliest = seriesFrom < lastMonth ? seriesFrom : lastMonth;
  return {
    today,
    thisMonth,
    lastMonth,
    seriesFrom,
    seriesDays,
    todayStart: startOfBusinessDay(today),
    tomorrowStart: startOfBusinessDay(addDays(today, 1)),
    thisMonthStart: startOfBusinessDay(thisMonth),
    lastMonthStart: startOfBusinessDay(lastMonth),
    seriesStart: startOfBusinessDay(seriesFrom),
    earliestStart: startOfBusinessDay(earliest),
  };
}
