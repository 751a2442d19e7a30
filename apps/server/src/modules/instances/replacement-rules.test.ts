import { describe, expect, it } from 'vitest';
import { startOfBusinessMonth } from '../../business-time.ts';
import { judgeReplacement, replacementsLeft } from './replacement-rules.ts';

const purchasedAt = new Date('2026-03-10T00:00:00Z');
const judge = (hoursLater: number, used: number, flagged = false) =>
  judgeReplacement({
    purchasedAt,
    flaggedForReplacement: flagged,
    now: new Date(purchasedAt.getTime() + hoursLater * 3_600_000),
    perMonth: 1,
    used,
  });

describe('replacement rules', () => {
  it('is free until exactly 24 hours after the purchase', () => {
    expect(judge(23.99, 5)).toEqual({ free: true, allowed: true });
    expect(judge(24, 0)).toEqual({ free: false, allowed: true });
    expect(judge(24, 1)).toEqual({ free: false, allowed: false });
  });

  it('is always free for a flagged instance', () => {
    expect(judge(500, 9, true)).toEqual({ free: true, allowed: true });
  });

  it('never leaves fewer than 0', () => {
    expect(replacementsLeft({ perMonth: 1, used: 3 })).toBe(0);
    expect(replacementsLeft({ perMonth: 3, used: 1 })).toBe(2);
  });

  it('starts months at midnight China time', () => {
    expect(startOfBusinessMonth(new Date('2026-03-31T16:00:00Z')).toISOString()).toBe(
      '2026-03-31T16:00:00.000Z',
    );
    expect(startOfBusinessMonth(new Date('2026-03-31T15:59:59Z')).toISOString()).toBe(
      '2026-02-28T16:00:00.000Z',
    );
    expect(startOfBusinessMonth(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe(
      '2026-12-31T16:00:00.000Z',
    );
  });
});
