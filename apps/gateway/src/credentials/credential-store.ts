// What this gateway may serve, from the API's snapshot: who may connect, where they leave from,
// and which open connections must close when a new snapshot withdraws or changes a credential.
import { parseDynamicUsername, type NodeSnapshot } from '@stratus/contract';
import { unmapIpv4 } from '../ip-address.ts';
import { ConnectionRegistry } from './connection-registry.ts';
import { DynamicEgressPool } from './dynamic-egress.ts';
import { passwordMatches } from './password-digest.ts';
import {
  allowlistKey,
  emptyIndex,
  indexSnapshot,
  staticKey,
  type ServedIndex,
} from './served-index.ts';
import { UsageMeter, type UsageCounter } from './usage-counter.ts';

export type ProxyProtocol = 'socks5' | 'http';

/** A client that proved its credentials: where it leaves from and what it is metered as. */
export interface Grant {
  /**
   * The credential as the snapshot states it, password digest included, so a password reset or
   * any other change withdraws the connections opened with the old one.
   */
  key: string;
  egressIp: string;
  counter: UsageCounter;
  /** Set when the client was admitted by its source address rather than credentials. */
  allowlistEntryId?: string;
}

/**
 * `invalid`: unknown username or wrong password (or a static credential of another IP);
 * `expired`: the static IP's rental ended; `protocol`: the static IP's plan does not include this
 * protocol; `exhausted`: the dynamic account has no traffic left; `noEgress`: no pool address
 * matches the targeting.
 */
export type AuthenticationRefusal = 'invalid' | 'expired' | 'protocol' | 'exhausted' | 'noEgress';

export type AuthenticationResult =
  { ok: true; grant: Grant } | { ok: false; reason: AuthenticationRefusal };

export type Admission =
  | { ok: true; release: () => void }
  /** `limit`: the credential has its maximum of open connections; `revoked`: withdrawn since. */
  | { ok: false; reason: 'limit' | 'revoked' };

export class CredentialStore {
  readonly meter: UsageMeter;
  private current: NodeSnapshot | null = null;
  /** Empty before the first snapshot: nothing is served. */
  private index: ServedIndex = emptyIndex();
  private readonly pool = new DynamicEgressPool();
  private readonly connections = new ConnectionRegistry();

  constructor(meter: UsageMeter = new UsageMeter()) {
    this.meter = meter;
  }

  get version(): string | null {
    return this.current?.version ?? null;
  }

  get snapshot(): NodeSnapshot | null {
    return this.current;
  }

  /** Serves from `snapshot` from now on and closes the connections it no longer allows. */
  apply(snapshot: NodeSnapshot, now = Date.now()): { closed: number } {
    this.index = indexSnapshot(snapshot, {
      meter: this.meter,
      // A counter running out closes whatever it no longer allows: the login's own connections,
      // and for an account those of its sub-users and allowlisted sources too.
      onExhausted: () => void this.revokeInvalid(),
    });
    this.current = snapshot;
    this.pool.replace(snapshot.dynamicEgress);
    const closed = this.revokeInvalid(now);
    this.meter.forgetExcept(this.index.served);
    return { closed };
  }

  authenticate({
    localAddress,
    username,
    password,
    protocol,
    now = Date.now(),
  }: {
    /** The address the client connected to (`socket.localAddress`). */
    localAddress: string | undefined;
    username: string;
    password: string;
    protocol: ProxyProtocol;
    now?: number;
  }): AuthenticationResult {
    // A static credential works only on its own address, and leaves from it.
    const address = unmapIpv4(localAddress ?? '');
    const credential = this.index.staticByAddress.get(address)?.get(username);
    if (credential) {
      if (!passwordMatches(password, credential.passwordSha256))
        return { ok: false, reason: 'invalid' };
      if (Date.parse(credential.expiresAt) <= now) return { ok: false, reason: 'expired' };
      if (!credential.protocols.includes(protocol)) return { ok: false, reason: 'protocol' };
      const counter = this.meter.counterFor('static', credential.instanceId);
      return { ok: true, grant: { key: staticKey(credential), egressIp: address, counter } };
    }
    const targeting = parseDynamicUsername(username);
    // Account names and sub-user usernames share one namespace (the API holds that).
    const account = targeting
      ? (this.index.dynamicByAccount.get(targeting.account) ??
        this.index.subUsersByUsername.get(targeting.account))
      : undefined;
    // Digested and compared even for an unknown account, so both take the same time.
    if (!passwordMatches(password, account?.passwordSha256) || !account || !targeting) {
      return { ok: false, reason: 'invalid' };
    }
    if (account.counter.remaining <= 0) return { ok: false, reason: 'exhausted' };
    const egressIp = this.pool.pick(targeting, now);
    if (!egressIp) return { ok: false, reason: 'noEgress' };
    return { ok: true, grant: { key: account.key, egressIp, counter: account.counter } };
  }

  /**
   * Serves a client without credentials when its source address falls in an allowlist block:
   * on one of the block owner's static IPs, as that instance (its expiry and protocols apply);
   * on an address that is no static IP here, as the owner's dynamic account with its default
   * targeting (any country, rotating). Null when no block admits the source (or the address is
   * another customer's static IP): the client must then authenticate.
   */
  authenticateSource({
    localAddress,
    remoteAddress,
    protocol,
    now = Date.now(),
  }: {
    localAddress: string | undefined;
    /** The client's address (`socket.remoteAddress`). */
    remoteAddress: string | undefined;
    protocol: ProxyProtocol;
    now?: number;
  }): AuthenticationResult | null {
    const entry = this.index.allowlist.match(remoteAddress);
    if (!entry) return null;
    const address = unmapIpv4(localAddress ?? '');
    const atAddress = this.index.staticByAddress.get(address);
    if (atAddress) {
      const credential = [...atAddress.values()].find((item) => item.userId === entry.userId);
      if (!credential) return null;
      if (Date.parse(credential.expiresAt) <= now) return { ok: false, reason: 'expired' };
      if (!credential.protocols.includes(protocol)) return { ok: false, reason: 'protocol' };
      const counter = this.meter.counterFor('static', credential.instanceId);
      const key = allowlistKey(entry.entryId, staticKey(credential));
      const grant = { key, egressIp: address, counter, allowlistEntryId: entry.entryId };
      return { ok: true, grant };
    }
    const account = this.index.dynamicByUser.get(entry.userId);
    if (!account) return null;
    if (account.counter.remaining <= 0) return { ok: false, reason: 'exhausted' };
    const egressIp = this.pool.pick(
      { account: '', country: null, city: null, session: null, lifeMinutes: null },
      now,
    );
    if (!egressIp) return { ok: false, reason: 'noEgress' };
    const key = allowlistKey(entry.entryId, account.key);
    return {
      ok: true,
      grant: { key, egressIp, counter: account.counter, allowlistEntryId: entry.entryId },
    };
  }

  /**
   * Registers an open connection of `grant` unless its credential is at its limit or was
   * withdrawn since it authenticated (a snapshot may land in between); `close` ends it when the
   * credential is withdrawn later.
   */
  admit(grant: Grant, close: () => void, limit: number, now = Date.now()): Admission {
    if (!this.isValid(grant.key, now)) return { ok: false, reason: 'revoked' };
    if (this.connections.count(grant.key) >= limit) return { ok: false, reason: 'limit' };
    if (grant.allowlistEntryId) this.meter.noteAllowlistUse(grant.allowlistEntryId, now);
    return { ok: true, release: this.connections.add(grant.key, close) };
  }

  /** Open connections of one credential, or of all. */
  openConnections(key?: string): number {
    return key === undefined ? this.connections.size : this.connections.count(key);
  }

  /**
   * Closes the connections whose credential is gone, changed, expired or out of traffic. `apply`
   * calls it; call it on a timer too, since an expiry needs no new snapshot to take effect.
   */
  revokeInvalid(now = Date.now()): number {
    return this.connections.closeUnless((key) => this.isValid(key, now));
  }

  private isValid(key: string, now: number): boolean {
    const validity = this.index.validity.get(key);
    if (!validity) return false;
    return 'expiresAt' in validity ? validity.expiresAt > now : validity.counter.remaining > 0;
  }
}
