import { describe, expect, it } from 'vitest';
import { pickRenewalDuration, renewedExpiry } from './renewal-rules.ts';

const DAY_MS = 86_400_000;

describe('renewedExpiry', () => {
  it('renews from the later of now and the current expiry', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    const future = new Date('2026-01-20T00:00:00Z');
    const past = new Date('2026-01-01T00:00:00Z');
    expect(renewedExpiry({ expiresAt: future, durationDays: 30, now }).getTime()).toBe(
      future.getTime() + 30 * DAY_MS,
    );
    expect(renewedExpiry({ expiresAt: past, durationDays: 30, now }).getTime()).toBe(
      now.getTime() + 30 * DAY_MS,
    );
    expect(renewedExpiry({ expiresAt: now, durationDays: 1, now }).getTime()).toBe(
      now.getTime() + DAY_MS,
    );
  });
});

describe('pickRenewalDuration', () => {
  it('prefers the duration last bought, else the shortest offered', () => {
    expect(pickRenewalDuration({ lastDays: 90, offeredDays: [30, 90, 180] })).toBe(90);
    expect(pickRenewalDuration({ lastDays: 60, offeredDays: [180, 30, 90] })).toBe(30);
    expect(pickRenewalDuration({ lastDays: undefined, offeredDays: [365, 90] })).toBe(90);
    expect(pickRenewalDuration({ lastDays: 30, offeredDays: [] })).toBeUndefined();
  });
});
