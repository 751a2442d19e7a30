// The session cache's rules about time: an entry younger than its bound is used as is; an older
// one only while the change bus confirms delivery up to that bound; none past the session.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONFIRMED_LIFETIME_MS, SessionCache } from './session-cache.ts';

let now = 10_000;
// Restored after the file: the server project's workers run other files in the same process.
beforeAll(() => {
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterAll(() => {
  vi.restoreAllMocks();
});
afterEach(() => {
  now = 10_000;
});

const TTL_MS = 1000;

function cacheWith(deliveredUpTo: () => number) {
  const cache = new SessionCache<string>(TTL_MS, deliveredUpTo);
  cache.store('token-hash', {
    userId: 'user-1',
    value: 'auth',
    lifetimeMs: Infinity,
    generation: cache.begin(),
  });
  return cache;
}

describe('SessionCache', () => {
  it('uses an entry within its bound without any confirmation, and not after', () => {
    const cache = cacheWith(() => -Infinity);
    now += TTL_MS;
    expect(cache.get('token-hash')).toBe('auth');
    now += 1;
    expect(cache.get('token-hash')).toBeUndefined();
  });

  it('uses an older entry while every change committed a bound ago has been delivered', () => {
    let deliveredUpTo = now;
    const cache = cacheWith(() => deliveredUpTo);
    now += 60_000;
    deliveredUpTo = now - TTL_MS;
    expect(cache.get('token-hash')).toBe('auth');
    // The heartbeat stopped coming back (a lost notification would go unnoticed): fall back.
    deliveredUpTo = now - TTL_MS - 1;
    expect(cache.get('token-hash')).toBeUndefined();
    // It comes back: the entry is confirmed again (no revocation arrived meanwhile).
    deliveredUpTo = now;
    expect(cache.get('token-hash')).toBe('auth');
  });

  it('keeps a confirmed entry no longer than its lifetime, nor past the session', () => {
    const cache = cacheWith(() => now);
    now += CONFIRMED_LIFETIME_MS - 1;
    expect(cache.get('token-hash')).toBe('auth');
    now += 1;
    expect(cache.get('token-hash')).toBeUndefined();

    cache.store('short', {
      userId: 'user-2',
      value: 'ending session',
      lifetimeMs: 5_000,
      generation: cache.begin(),
    });
    now += 4_999;
    expect(cache.get('short')).toBe('ending session');
    now += 1;
    expect(cache.get('short')).toBeUndefined();
  });

  it('drops a user at once, and ignores a lookup that began before the drop', () => {
    const cache = cacheWith(() => now);
    const generation = cache.begin();
    cache.forgetUser('user-1');
    expect(cache.get('token-hash')).toBeUndefined();
    cache.store('token-hash', {
      userId: 'user-1',
      value: 'stale',
      lifetimeMs: Infinity,
      generation,
    });
    expect(cache.get('token-hash')).toBeUndefined();
  });

  it('keeps nothing when switched off', () => {
    const cache = new SessionCache<string>(0, () => now);
    cache.store('token-hash', {
      userId: 'user-1',
      value: 'auth',
      lifetimeMs: Infinity,
      generation: cache.begin(),
    });
    expect(cache.get('token-hash')).toBeUndefined();
  });
});
