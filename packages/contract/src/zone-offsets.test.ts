import { describe, expect, it } from 'vitest';
import {
  findZoneOffsets,
  readZoneOffsets,
  writeZoneOffsets,
  zoneOffsetAt,
} from './zone-offsets.ts';

const HOUR_MS = 3_600_000;
const from = Date.parse('2026-01-01T00:00:00Z');
const to = Date.parse('2026-02-01T00:00:00Z');

describe('zone offsets', () => {
  // A made-up zone: −3:30, then −2:30 from a second that is not on any sample, back 5 days later.
  const forward = Date.parse('2026-01-10T05:17:43Z');
  const back = Date.parse('2026-01-15T01:00:00Z');
  const offsetMsAt = (time: number) => (time >= forward && time < back ? -150 : -210) * 60_000;

  it('finds each change to the second and round-trips through the page’s text', () => {
    const offsets = findZoneOffsets(from, to, offsetMsAt)!;
    expect(offsets).toEqual({
      from,
      to,
      offset: -210,
      changes: [
        { at: forward, offset: -150 },
        { at: back, offset: -210 },
      ],
    });
    const text = writeZoneOffsets(offsets);
    expect(text).toBe(`1767225600 1769904000 -210 ${forward / 1000}:-150 ${back / 1000}:-210`);
    expect(readZoneOffsets(text)).toEqual(offsets);
  });

  it('answers inside the window only, each change from its first millisecond', () => {
    const offsets = findZoneOffsets(from, to, offsetMsAt)!;
    expect(zoneOffsetAt(offsets, from - 1)).toBeUndefined();
    expect(zoneOffsetAt(offsets, from)).toBe(-210);
    expect(zoneOffsetAt(offsets, forward - 1)).toBe(-210);
    expect(zoneOffsetAt(offsets, forward)).toBe(-150);
    expect(zoneOffsetAt(offsets, back)).toBe(-210);
    expect(zoneOffsetAt(offsets, to - 1)).toBe(-210);
    expect(zoneOffsetAt(offsets, to)).toBeUndefined();
    expect(zoneOffsetAt(offsets, Number.NaN)).toBeUndefined();
  });

  it('finds a change at the window’s last second', () => {
    const offsets = findZoneOffsets(from, to, (time) => (time >= to - 1000 ? HOUR_MS : 0))!;
    expect(offsets.changes).toEqual([{ at: to - 1000, offset: 60 }]);
  });

  it('gives none for offsets that are not whole minutes', () => {
    expect(findZoneOffsets(from, to, () => -(44 * 60 + 30) * 1000)).toBeUndefined();
  });

  it.each([
    ['nothing', undefined],
    ['a placeholder', '__BUSINESS_TIME_OFFSETS__'],
    ['a change before the window', '1767225600 1769904000 0 1767225600:60'],
    ['a change after the window', '1767225600 1769904000 0 1769904000:60'],
    ['changes out of order', '1767225600 1769904000 0 1768000000:60 1767900000:0'],
    ['an offset beyond a day', '1767225600 1769904000 1441'],
    ['stray text', '1767225600 1769904000 0 ;'],
  ])('reads %s as no offsets', (_, text) => {
    expect(readZoneOffsets(text)).toBeUndefined();
  });
});
