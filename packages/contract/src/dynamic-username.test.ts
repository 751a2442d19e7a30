import { describe, expect, it } from 'vitest';
import { buildDynamicUsername, parseDynamicUsername } from './dynamic-username.ts';

describe('dynamic usernames', () => {
  it('carries country, city and a sticky session, and reads back the same', () => {
    const username = buildDynamicUsername({
      account: 'u8k2m4x9',
      country: 'JP',
      city: 'tokyo',
      session: 'ab12CD34',
      lifeMinutes: 45,
    });
    expect(username).toBe('u8k2m4x9-country-jp-city-tokyo-session-ab12CD34-life-45');
    expect(parseDynamicUsername(username)).toEqual({
      account: 'u8k2m4x9',
      country: 'JP',
      city: 'tokyo',
      session: 'ab12CD34',
      lifeMinutes: 45,
    });
  });

  it('is the bare account for a rotating proxy from anywhere', () => {
    const username = buildDynamicUsername({
      account: 'acct0001',
      country: null,
      city: null,
      session: null,
    });
    expect(username).toBe('acct0001');
    expect(parseDynamicUsername(username)).toEqual({
      account: 'acct0001',
      country: null,
      city: null,
      session: null,
      lifeMinutes: null,
    });
  });

  it('gives a session without a life the default 30 minutes', () => {
    expect(parseDynamicUsername('acct0001-session-x1')?.lifeMinutes).toBe(30);
  });

  it.each([
    'acct0001-country',
    'acct0001-country-jpn',
    'acct0001-city-tokyo',
    'acct0001-life-30',
    'acct0001-country-jp-country-us',
    'acct0001-session-x1-life-0',
    'acct0001-session-x1-life-1441',
    'acct0001-colour-red',
    'Acct0001',
    'ab',
    '',
  ])('refuses %j', (username) => {
    expect(parseDynamicUsername(username)).toBeNull();
  });

  it('refuses to build what the syntax cannot carry', () => {
    const base = { account: 'acct0001', country: null, city: null, session: null };
    expect(() => buildDynamicUsername({ ...base, account: 'has-hyphen' })).toThrow(RangeError);
    expect(() => buildDynamicUsername({ ...base, city: 'tokyo' })).toThrow(RangeError);
    expect(() => buildDynamicUsername({ ...base, session: 'a-b' })).toThrow(RangeError);
    expect(() => buildDynamicUsername({ ...base, session: 'ab', lifeMinutes: 0 })).toThrow(
      RangeError,
    );
  });
});
