import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamicAccount, sha256Hex, snapshotOf, staticCredential } from '../testing/fixtures.ts';
import { CredentialStore, type AuthenticationResult, type Grant } from './credential-store.ts';

const PASSWORD = 'sub-password';
const egress = [
  { ip: '127.0.0.21', country: 'JP', city: 'tokyo' },
  { ip: '127.0.0.22', country: 'US', city: 'nyc' },
];

function grantOf(result: AuthenticationResult | null): Grant {
  if (!result?.ok) throw new Error(`not granted: ${JSON.stringify(result)}`);
  return result.grant;
}

function subUser(userId: string, remainingBytes: number) {
  return {
    subUserId: randomUUID(),
    userId,
    username: `sub${randomUUID().slice(0, 6)}`,
    passwordSha256: sha256Hex(PASSWORD),
    remainingBytes,
  };
}

describe('allowlisted sources', () => {
  const owner = randomUUID();
  const instance = staticCredential({ ip: '127.0.0.2', userId: owner, protocols: ['socks5'] });
  const othersInstance = staticCredential({ ip: '127.0.0.3' });
  const account = dynamicAccount({ userId: owner, remainingBytes: 1000 });
  const entry = { entryId: randomUUID(), userId: owner, cidr: '127.0.0.50/31' };
  const snapshot = snapshotOf({
    staticCredentials: [instance, othersInstance],
    dynamicAccounts: [account],
    dynamicEgress: egress,
    allowlist: [entry],
  });
  const store = new CredentialStore();
  store.apply(snapshot);
  const fromSource = (remoteAddress: string, localAddress: string, protocol = 'socks5' as const) =>
    store.authenticateSource({ localAddress, remoteAddress, protocol });

  it('serve the owner’s static IP as that instance, leaving from it', () => {
    const grant = grantOf(fromSource('::ffff:127.0.0.51', '127.0.0.2'));
    expect(grant.egressIp).toBe('127.0.0.2');
    expect(grant.counter.kind).toBe('static');
    expect(grant.counter.subject).toBe(instance.instanceId);
    expect(grant.allowlistEntryId).toBe(entry.entryId);
  });

  it('apply the instance’s protocols and expiry', () => {
    expect(fromSource('127.0.0.50', '127.0.0.2', 'http' as 'socks5')).toEqual({
      ok: false,
      reason: 'protocol',
    });
    const expiring = new CredentialStore();
    expiring.apply(snapshot);
    const later = Date.parse(instance.expiresAt) + 1;
    expect(
      expiring.authenticateSource({
        localAddress: '127.0.0.2',
        remoteAddress: '127.0.0.50',
        protocol: 'socks5',
        now: later,
      }),
    ).toEqual({ ok: false, reason: 'expired' });
  });

  it('leave sources outside the blocks, and other customers’ static IPs, to credentials', () => {
    expect(fromSource('127.0.0.52', '127.0.0.2')).toBeNull();
    expect(fromSource('127.0.0.50', '127.0.0.3')).toBeNull();
  });

  it('serve any other address as the owner’s dynamic account with default targeting', () => {
    const picks = new Set<string>();
    for (let index = 0; index < 4; index += 1) {
      const grant = grantOf(fromSource('127.0.0.50', '127.0.0.1'));
      expect(grant.counter.kind).toBe('dynamic');
      expect(grant.counter.subject).toBe(owner);
      picks.add(grant.egressIp);
    }
    // Any country, rotating: every pool address in turn.
    expect([...picks].sort()).toEqual(['127.0.0.21', '127.0.0.22']);
  });

  it('note the entry’s use on admission and close its connections when it is removed', () => {
    const own = new CredentialStore();
    own.apply(snapshot);
    const grant = grantOf(
      own.authenticateSource({
        localAddress: '127.0.0.2',
        remoteAddress: '127.0.0.50',
        protocol: 'socks5',
      }),
    );
    const dynamicGrant = grantOf(
      own.authenticateSource({
        localAddress: '127.0.0.9',
        remoteAddress: '127.0.0.50',
        protocol: 'socks5',
      }),
    );
    let closed = 0;
    expect(own.admit(grant, () => (closed += 1), 10, 1_000).ok).toBe(true);
    expect(own.admit(dynamicGrant, () => (closed += 1), 10, 2_000).ok).toBe(true);
    expect(own.meter.drainAllowlistUses()).toEqual([
      { entryId: entry.entryId, at: new Date(2_000).toISOString() },
    ]);
    // A snapshot with the same credentials but another entry keeps nothing the old one admitted.
    const replaced = { ...entry, entryId: randomUUID() };
    expect(own.apply({ ...snapshot, allowlist: [replaced] }).closed).toBe(2);
    expect(closed).toBe(2);
    expect(own.admit(grant, () => undefined, 10)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('refuse an exhausted account and close its allowlisted connections at zero', () => {
    const own = new CredentialStore();
    own.apply(snapshot);
    const grant = grantOf(
      own.authenticateSource({
        localAddress: '127.0.0.9',
        remoteAddress: '127.0.0.50',
        protocol: 'socks5',
      }),
    );
    let closed = false;
    own.admit(grant, () => (closed = true), 10);
    grant.counter.addDown(1000);
    expect(closed).toBe(true);
    expect(
      own.authenticateSource({
        localAddress: '127.0.0.9',
        remoteAddress: '127.0.0.50',
        protocol: 'socks5',
      }),
    ).toEqual({ ok: false, reason: 'exhausted' });
  });
});

describe('sub-users', () => {
  const account = dynamicAccount({ remainingBytes: 1000, password: 'owner-password' });
  const capped = subUser(account.userId, 300);
  const spent = subUser(account.userId, 0);
  const orphan = subUser(randomUUID(), 500);
  const snapshot = snapshotOf({
    dynamicAccounts: [account],
    dynamicEgress: egress,
    subUsers: [capped, spent, orphan],
  });
  const login = (store: CredentialStore, username: string, password = PASSWORD) =>
    store.authenticate({ localAddress: '127.0.0.1', username, password, protocol: 'socks5' });

  it('authenticate with their own password and target like the account', () => {
    const store = new CredentialStore();
    store.apply(snapshot);
    const grant = grantOf(login(store, `${capped.username}-country-us`));
    expect(grant.egressIp).toBe('127.0.0.22');
    expect(grant.counter.kind).toBe('sub_user');
    expect(grant.counter.subject).toBe(capped.subUserId);
    expect(login(store, capped.username, 'owner-password')).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(login(store, spent.username)).toEqual({ ok: false, reason: 'exhausted' });
    // Without its owner's account in the snapshot, a sub-user is unknown.
    expect(login(store, orphan.username)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('stop at their cap while the account goes on, and spend the account’s allowance too', () => {
    const store = new CredentialStore();
    store.apply(snapshot);
    const grant = grantOf(login(store, capped.username));
    let closed = false;
    store.admit(grant, () => (closed = true), 10);
    grant.counter.addUp(299);
    expect(closed).toBe(false);
    grant.counter.addDown(1);
    expect(closed).toBe(true);
    expect(login(store, capped.username)).toEqual({ ok: false, reason: 'exhausted' });
    const accountGrant = grantOf(login(store, account.account, 'owner-password'));
    expect(accountGrant.counter.remaining).toBe(700);
    // Reported as the sub-user's bytes only, not the account's as well.
    const records = store.meter.drain();
    expect(records).toEqual([
      expect.objectContaining({
        kind: 'sub_user',
        subject: capped.subUserId,
        bytesUp: 299,
        bytesDown: 1,
      }),
    ]);
  });

  it('are refused when the account runs out, and lose their connections with it', () => {
    const store = new CredentialStore();
    store.apply(snapshot);
    const subGrant = grantOf(login(store, capped.username));
    const accountGrant = grantOf(login(store, account.account, 'owner-password'));
    let closed = false;
    store.admit(subGrant, () => (closed = true), 10);
    accountGrant.counter.addDown(1000);
    expect(closed).toBe(true);
    expect(login(store, capped.username)).toEqual({ ok: false, reason: 'exhausted' });
  });

  it('lose their connections when removed or disabled (gone from the snapshot)', () => {
    const store = new CredentialStore();
    store.apply(snapshot);
    let closed = false;
    store.admit(grantOf(login(store, capped.username)), () => (closed = true), 10);
    expect(store.apply({ ...snapshot, subUsers: [spent] }).closed).toBe(1);
    expect(closed).toBe(true);
    expect(login(store, capped.username)).toEqual({ ok: false, reason: 'invalid' });
  });
});
