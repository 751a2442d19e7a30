import { describe, expect, it } from 'vitest';
import { dynamicAccount, sha256Hex, snapshotOf, staticCredential } from '../testing/fixtures.ts';
import { CredentialStore } from './credential-store.ts';
import { passwordMatches } from './password-digest.ts';

const PASSWORD = 'correct horse';

function storeWith(parts: Parameters<typeof snapshotOf>[0]) {
  const store = new CredentialStore();
  store.apply(snapshotOf(parts));
  return store;
}

describe('password digests', () => {
  it('matches only the password the digest was made from', () => {
    const digest = sha256Hex(PASSWORD);
    expect(passwordMatches(PASSWORD, digest)).toBe(true);
    expect(passwordMatches('correct horsf', digest)).toBe(false);
    expect(passwordMatches('', digest)).toBe(false);
  });

  it('refuses an unknown user and a malformed digest without throwing', () => {
    expect(passwordMatches(PASSWORD, undefined)).toBe(false);
    expect(passwordMatches(PASSWORD, 'abcd')).toBe(false);
  });
});

describe('static credentials', () => {
  const onTwo = staticCredential({ ip: '127.0.0.2', password: PASSWORD });
  const onThree = staticCredential({ ip: '127.0.0.3', password: PASSWORD });
  const store = storeWith({ staticCredentials: [onTwo, onThree] });
  const login = (localAddress: string, username: string, password = PASSWORD) =>
    store.authenticate({ localAddress, username, password, protocol: 'socks5' });

  it('authenticate on the address the client connected to and leave from it', () => {
    const result = login('127.0.0.2', onTwo.username);
    expect(result.ok && result.grant.egressIp).toBe('127.0.0.2');
    expect(result.ok && result.grant.counter.subject).toBe(onTwo.instanceId);
    expect(result.ok && result.grant.counter.kind).toBe('static');
  });

  it('normalise an IPv4-mapped local address', () => {
    const result = login('::ffff:127.0.0.3', onThree.username);
    expect(result.ok && result.grant.egressIp).toBe('127.0.0.3');
  });

  it('refuse a wrong password and another instance’s credentials as invalid', () => {
    expect(login('127.0.0.2', onTwo.username, 'wrong')).toEqual({ ok: false, reason: 'invalid' });
    expect(login('127.0.0.2', onThree.username)).toEqual({ ok: false, reason: 'invalid' });
    expect(login('127.0.0.9', onTwo.username)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuse an expired credential and a protocol the plan does not include', () => {
    const expired = staticCredential({
      password: PASSWORD,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const socksOnly = staticCredential({
      ip: '127.0.0.4',
      password: PASSWORD,
      protocols: ['socks5'],
    });
    const other = storeWith({ staticCredentials: [expired, socksOnly] });
    const attempt = (localAddress: string, username: string, protocol: 'socks5' | 'http') =>
      other.authenticate({ localAddress, username, password: PASSWORD, protocol });
    expect(attempt('127.0.0.2', expired.username, 'socks5')).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(attempt('127.0.0.4', socksOnly.username, 'http')).toEqual({
      ok: false,
      reason: 'protocol',
    });
    expect(attempt('127.0.0.4', socksOnly.username, 'socks5').ok).toBe(true);
  });
});

describe('dynamic accounts', () => {
  const egress = [
    { ip: '127.0.1.1', country: 'JP', city: 'tokyo' },
    { ip: '127.0.1.2', country: 'JP', city: 'osaka' },
    { ip: '127.0.1.3', country: 'US', city: 'dallas' },
    { ip: '127.0.1.4', country: 'JP', city: 'tokyo' },
  ];
  const account = dynamicAccount({ password: PASSWORD, remainingBytes: 1000 });
  const broke = dynamicAccount({ password: PASSWORD, remainingBytes: 0 });
  const store = storeWith({ dynamicAccounts: [account, broke], dynamicEgress: egress });
  const login = (username: string, password = PASSWORD) =>
    store.authenticate({ localAddress: '127.0.0.1', username, password, protocol: 'http' });
  const egressOf = (username: string) => {
    const result = login(username);
    if (!result.ok) throw new Error(result.reason);
    return result.grant.egressIp;
  };

  it('leave from a pool address of the requested country and city', () => {
    const tokyo = new Set(
      [1, 2, 3, 4].map(() => egressOf(`${account.account}-country-jp-city-tokyo`)),
    );
    expect([...tokyo].sort()).toEqual(['127.0.1.1', '127.0.1.4']);
    const japan = new Set([1, 2, 3, 4, 5, 6].map(() => egressOf(`${account.account}-country-jp`)));
    expect([...japan].sort()).toEqual(['127.0.1.1', '127.0.1.2', '127.0.1.4']);
    expect(egressOf(`${account.account}-country-us`)).toBe('127.0.1.3');
  });

  it('rotate per connection without a session and stick to one address with one', () => {
    const rotating = [1, 2, 3, 4].map(() => egressOf(account.account));
    expect(new Set(rotating).size).toBe(4);
    const sticky = [1, 2, 3, 4].map(() => egressOf(`${account.account}-session-abc1-life-5`));
    expect(new Set(sticky).size).toBe(1);
    const otherSession = [1, 2, 3, 4].map(() => egressOf(`${account.account}-session-xyz9`));
    expect(new Set(otherSession).size).toBe(1);
  });

  it('refuse a region without pool addresses, a wrong password and a bad username', () => {
    expect(login(`${account.account}-country-de`)).toEqual({ ok: false, reason: 'noEgress' });
    expect(login(account.account, 'wrong')).toEqual({ ok: false, reason: 'invalid' });
    expect(login(`${account.account}-city-tokyo`)).toEqual({ ok: false, reason: 'invalid' });
    expect(login('nosuchaccount')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuse an account with nothing left as exhausted', () => {
    expect(login(broke.account)).toEqual({ ok: false, reason: 'exhausted' });
  });

  it('count local metering against the remaining bytes until the next snapshot', () => {
    const result = login(account.account);
    if (!result.ok) throw new Error(result.reason);
    result.grant.counter.addUp(600);
    expect(result.grant.counter.remaining).toBe(400);
    result.grant.counter.addDown(400);
    expect(login(account.account)).toEqual({ ok: false, reason: 'exhausted' });
    // The next snapshot states what the API now knows; counting starts again from it.
    store.apply(
      snapshotOf({ dynamicAccounts: [{ ...account, remainingBytes: 50 }], dynamicEgress: egress }),
    );
    expect(login(account.account).ok).toBe(true);
  });
});

describe('open connections', () => {
  const credential = staticCredential({ password: PASSWORD });
  const login = (store: CredentialStore) => {
    const result = store.authenticate({
      localAddress: '127.0.0.2',
      username: credential.username,
      password: PASSWORD,
      protocol: 'socks5',
    });
    if (!result.ok) throw new Error(result.reason);
    return result.grant;
  };

  it('are limited per credential and released when they close', () => {
    const store = storeWith({ staticCredentials: [credential] });
    const grant = login(store);
    const first = store.admit(grant, () => {}, 2);
    const second = store.admit(grant, () => {}, 2);
    expect(first.ok && second.ok).toBe(true);
    expect(store.admit(grant, () => {}, 2)).toEqual({ ok: false, reason: 'limit' });
    if (first.ok) first.release();
    expect(store.admit(grant, () => {}, 2).ok).toBe(true);
    expect(store.openConnections(grant.key)).toBe(2);
  });

  it('close when a snapshot withdraws or changes the credential, not otherwise', () => {
    const store = storeWith({ staticCredentials: [credential] });
    const grant = login(store);
    let closed = 0;
    store.admit(grant, () => (closed += 1), 10);
    expect(store.apply(snapshotOf({ staticCredentials: [credential] })).closed).toBe(0);
    const reset = { ...credential, passwordSha256: sha256Hex('new password') };
    expect(store.apply(snapshotOf({ staticCredentials: [reset] })).closed).toBe(1);
    expect(closed).toBe(1);
    // A grant issued before the change can no longer be admitted.
    expect(store.admit(grant, () => {}, 10)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('close when the credential expires, without a new snapshot', () => {
    const store = storeWith({ staticCredentials: [credential] });
    const grant = login(store);
    let closed = false;
    store.admit(grant, () => (closed = true), 10);
    expect(store.revokeInvalid(Date.now())).toBe(0);
    expect(store.revokeInvalid(Date.parse(credential.expiresAt) + 1)).toBe(1);
    expect(closed).toBe(true);
  });

  it('of a dynamic user close when local metering exhausts the remaining bytes', () => {
    const account = dynamicAccount({ password: PASSWORD, remainingBytes: 100 });
    const store = storeWith({
      dynamicAccounts: [account],
      dynamicEgress: [{ ip: '127.0.1.1', country: 'JP', city: 'tokyo' }],
    });
    const result = store.authenticate({
      localAddress: '127.0.0.1',
      username: account.account,
      password: PASSWORD,
      protocol: 'socks5',
    });
    if (!result.ok) throw new Error(result.reason);
    let closed = 0;
    store.admit(result.grant, () => (closed += 1), 10);
    store.admit(result.grant, () => (closed += 1), 10);
    result.grant.counter.addDown(99);
    expect(closed).toBe(0);
    result.grant.counter.addDown(1);
    expect(closed).toBe(2);
    expect(store.openConnections()).toBe(0);
  });
});
