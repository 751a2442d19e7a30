import { describe, expect, it } from 'vitest';
import { subjectKey, UsageMeter } from './usage-counter.ts';

const INSTANCE = '00000000-0000-4000-8000-00000000000a';
const USER = '00000000-0000-4000-8000-00000000000b';

describe('the usage meter', () => {
  it('drains per subject what was counted since the last drain', () => {
    const meter = new UsageMeter();
    meter.meteringSince = new Date('2025-12-31T23:59:55.000Z');
    meter.counterFor('static', INSTANCE).addUp(10);
    meter.counterFor('static', INSTANCE).addDown(7);
    meter.counterFor('dynamic', USER).addDown(3);
    const at = new Date('2026-01-01T00:00:00.000Z');
    expect(meter.drain(at)).toEqual([
      { kind: 'static', subject: INSTANCE, bytesUp: 10, bytesDown: 7, at: at.toISOString() },
      { kind: 'dynamic', subject: USER, bytesUp: 0, bytesDown: 3, at: at.toISOString() },
    ]);
    expect(meter.drain()).toEqual([]);
  });

  it('takes back records that could not be spooled, with the interval they were metered in', () => {
    const meter = new UsageMeter();
    const since = new Date('2026-01-01T00:00:00.000Z');
    meter.meteringSince = since;
    meter.counterFor('static', INSTANCE).addUp(5);
    const records = meter.drain(new Date('2026-01-01T00:00:05.000Z'));
    meter.counterFor('static', INSTANCE).addUp(1);
    meter.restore(records, since);
    // The next drain covers both intervals: the restored bytes moved since `since`.
    expect(meter.meteringSince).toEqual(since);
    expect(meter.drain()[0]).toMatchObject({ bytesUp: 6, bytesDown: 0 });
  });

  it('moves the metering interval on at each drain, never backwards', () => {
    const meter = new UsageMeter();
    meter.meteringSince = new Date('2026-01-01T00:00:00.000Z');
    const first = new Date('2026-01-01T00:00:05.000Z');
    meter.drain(first);
    expect(meter.meteringSince).toEqual(first);
    // A clock stepped back: the interval ends where it starts instead of before it.
    meter.counterFor('static', INSTANCE).addUp(1);
    const records = meter.drain(new Date('2026-01-01T00:00:01.000Z'));
    expect(meter.meteringSince).toEqual(first);
    expect(records[0]?.at).toBe(first.toISOString());
  });

  it('forgets subjects no longer served only once their bytes are drained', () => {
    const meter = new UsageMeter();
    const gone = meter.counterFor('static', INSTANCE);
    gone.addUp(4);
    meter.forgetExcept(new Set());
    expect(meter.counterFor('static', INSTANCE)).toBe(gone);
    meter.drain();
    meter.forgetExcept(new Set([subjectKey('dynamic', USER)]));
    expect(meter.counterFor('static', INSTANCE)).not.toBe(gone);
  });

  it('keeps a running total of every byte, through drains, restores and forgotten counters', () => {
    const meter = new UsageMeter();
    meter.counterFor('static', INSTANCE).addUp(10);
    meter.counterFor('dynamic', USER).addDown(30);
    const records = meter.drain();
    meter.restore(records, meter.meteringSince);
    meter.drain();
    meter.forgetExcept(new Set());
    meter.counterFor('static', INSTANCE).addDown(5);
    expect(meter.moved).toEqual({ up: 10, down: 35 });
  });

  it('signals once when a dynamic allowance crosses zero', () => {
    const counter = new UsageMeter().counterFor('dynamic', USER);
    counter.snapshotRemaining = 10;
    let signals = 0;
    counter.onExhausted = () => (signals += 1);
    counter.addUp(9);
    counter.addDown(5);
    counter.addDown(5);
    expect(signals).toBe(1);
    expect(counter.remaining).toBe(-9);
  });
});
