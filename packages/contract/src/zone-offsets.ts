// A zone's UTC offsets over a window of time, as the server writes them beside the business time
// zone's name in index.html (`data-offsets` on `<meta name="business-time-zone">`). With them the
// console puts an instant on the business clock by adding minutes: the first Intl.DateTimeFormat
// with a time zone makes the browser load its zone data, the largest single item of the console's
// first screen on a slow phone (issue 18). Outside the window the console asks Intl as before.
//
// The text is `<from> <to> <offset>[ <at>:<offset>]…`: seconds since the epoch and minutes ahead of
// UTC (negative west of Greenwich), e.g. `1730000000 1799000000 -420 1730624400:-480`: the window
// [from, to), the offset at `from`, then each change inside it, in order.

/** A zone's offsets over the window [`from`, `to`), milliseconds since the epoch (whole seconds). */
export interface ZoneOffsets {
  from: number;
  to: number;
  /** Minutes ahead of UTC at `from`. */
  offset: number;
  /** Each change inside the window, in order: from `at` on the zone is `offset` minutes ahead. */
  changes: { at: number; offset: number }[];
}

// No zone has changed its offset twice within six hours: sampling every six hours and bisecting
// between two samples that differ finds each change to the second.
const SAMPLE_STEP_MS = 6 * 3_600_000;
// Real offsets lie within a day of UTC; anything beyond is not an offset.
const MAX_OFFSET_MINUTES = 24 * 60;

/**
 * The offsets of a zone over [`from`, `to`) (whole seconds), found by asking `offsetMsAt` (the
 * zone's offset in milliseconds at an instant); undefined when one is not whole minutes.
 */
export function findZoneOffsets(
  from: number,
  to: number,
  offsetMsAt: (time: number) => number,
): ZoneOffsets | undefined {
  const minutesAt = (time: number) => offsetMsAt(time) / 60_000;
  const offsets: ZoneOffsets = { from, to, offset: minutesAt(from), changes: [] };
  let known = { time: from, offset: offsets.offset };
  const last = to - 1000;
  for (
    let time = Math.min(from + SAMPLE_STEP_MS, last);
    ;
    time = Math.min(time + SAMPLE_STEP_MS, last)
  ) {
    const offset = minutesAt(time);
    if (offset !== known.offset) {
      // The first second on the new offset: `before` is still on the old one, `after` on the new.
      let before = known.time;
      let after = time;
      while (after - before > 1000) {
        const middle = before + Math.floor((after - before) / 2000) * 1000;
        if (minutesAt(middle) === known.offset) before = middle;
        else after = middle;
      }
      offsets.changes.push({ at: after, offset });
    }
    known = { time, offset };
    if (time >= last) break;
  }
  const all = [offsets.offset, ...offsets.changes.map((change) => change.offset)];
  return all.every(Number.isInteger) ? offsets : undefined;
}

/** `offsets` as the page carries them (see the top of this file). */
export function writeZoneOffsets(offsets: ZoneOffsets): string {
  return [
    offsets.from / 1000,
    offsets.to / 1000,
    offsets.offset,
    ...offsets.changes.map(({ at, offset }) => `${at / 1000}:${offset}`),
  ].join(' ');
}

const isOffset = (minutes: number) =>
  Number.isInteger(minutes) && Math.abs(minutes) <= MAX_OFFSET_MINUTES;

/**
 * The offsets a page carries; undefined when the text is missing, a placeholder or malformed in
 * any way (times out of order or outside the window, offsets that are not offsets).
 */
export function readZoneOffsets(text: string | null | undefined): ZoneOffsets | undefined {
  if (!text || !/^\d+ \d+ -?\d+( \d+:-?\d+)*$/.test(text)) return undefined;
  const [from, to, offset, ...rest] = text.split(' ');
  const offsets: ZoneOffsets = {
    from: Number(from) * 1000,
    to: Number(to) * 1000,
    offset: Number(offset),
    changes: rest.map((change) => {
      const [at, minutes] = change.split(':');
      return { at: Number(at) * 1000, offset: Number(minutes) };
    }),
  };
  let previous = offsets.from;
  for (const { at, offset: minutes } of offsets.changes) {
    if (at <= previous || !isOffset(minutes)) return undefined;
    previous = at;
  }
  const valid =
    Number.isSafeInteger(offsets.to) && previous < offsets.to && isOffset(offsets.offset);
  return valid ? offsets : undefined;
}

/** Minutes the zone is ahead of UTC at `time`; undefined outside the window. */
export function zoneOffsetAt(offsets: ZoneOffsets, time: number): number | undefined {
  if (!(time >= offsets.from && time < offsets.to)) return undefined;
  let offset = offsets.offset;
  for (const change of offsets.changes) {
    if (change.at > time) break;
    offset = change.offset;
  }
  return offset;
}

/** A clock's reading: the fields Intl.DateTimeFormat shows, months from 1. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The wall clock `offsetMs` ahead of UTC at `time` (ms since the epoch), to the whole second as
 * Intl shows it: offsets are whole seconds, so dropping the milliseconds first gives Intl's fields.
 */
export function wallClockAtOffset(time: number, offsetMs: number): WallClock {
  const wall = new Date(Math.floor(time / 1000) * 1000 + offsetMs);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}
