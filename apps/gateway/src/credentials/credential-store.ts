// What this gateway may serve, from the API's snapshot: who may connect, where they leave from,
// and which open connections must close when a new snapshot withdraws or changes a credential.
import {
  parseDynamicUsername,
  type NodeSnapshot,
  type NodeStaticCredential,
} from '@stratus/contract';
import { unmapIpv4 } from '../ip-address.ts';
import { ConnectionRegistry } from './connection-registry.ts';
import { DynamicEgressPool } from './dynamic-egress.ts';
import { passwordMatches } from './password-digest.ts';
import { subjectKey, UsageMeter, type UsageCounter } from './usage-counter.ts';

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

/** What keeps a credential key valid: an expiry (static) or remaining traffic (dynamic). */
type Validity = { expiresAt: number } | { counter: UsageCounter };

function staticKey(credential: NodeStaticCredential): string {
  const { instanceId, ip, username, passwordSha256 } = credential;
  return ['static', instanceId, unmapIpv4(ip), username, passwordSha256].join('\n');
}

export class CredentialStore {
  readonly meter: UsageMeter;
  private current: NodeSnapshot | null = null;
  private staticByAddress = new Map<string, Map<string, NodeStaticCredential>>();
  private dynamicByAccount = new Map<
    string,
    { key: string; passwordSha256: string; counter: UsageCounter }
  >();
  private validity = new Map<string, Validity>();
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
    const staticByAddress = new Map<string, Map<string, NodeStaticCredential>>();
    const validity = new Map<string, Validity>();
    const served = new Set<string>();
    for (const credential of snapshot.staticCredentials) {
      const ip = unmapIpv4(credential.ip);
      let byUsername = staticByAddress.get(ip);
      if (!byUsername) staticByAddress.set(ip, (byUsername = new Map()));
      byUsername.set(credential.username, credential);
      validity.set(staticKey(credential), { expiresAt: Date.parse(credential.expiresAt) });
      served.add(subjectKey('static', credential.instanceId));
    }
    const dynamicByAccount = new Map<
      string,
      { key: string; passwordSha256: string; counter: UsageCounter }
    >();
    for (const account of snapshot.dynamicAccounts) {
      const key = ['dynamic', account.userId, account.account, account.passwordSha256].join('\n');
      const counter = this.meter.counterFor('dynamic', account.userId);
      // The snapshot's figure already includes what the API has been told; count afresh from it.
      counter.snapshotRemaining = account.remainingBytes;
      counter.sinceSnapshot = 0;
      counter.onExhausted = () => this.connections.closeAll(key);
      dynamicByAccount.set(account.account, {
        key,
        passwordSha256: account.passwordSha256,
        counter,
      });
      validity.set(key, { counter });
      served.add(subjectKey('dynamic', account.userId));
    }
    this.current = snapshot;
    this.staticByAddress = staticByAddress;
    this.dynamicByAccount = dynamicByAccount;
    this.validity = validity;
    this.pool.replace(snapshot.dynamicEgress);
    const closed = this.revokeInvalid(now);
    this.meter.forgetExcept(served);
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
    const credential = this.staticByAddress.get(address)?.get(username);
    if (credential) {
      if (!passwordMatches(password, credential.passwordSha256))
        return { ok: false, reason: 'invalid' };
      if (Date.parse(credential.expiresAt) <= now) return { ok: false, reason: 'expired' };
      if (!credential.protocols.includes(protocol)) return { ok: false, reason: 'protocol' };
      const counter = this.meter.counterFor('static', credential.instanceId);
      return { ok: true, grant: { key: staticKey(credential), egressIp: address, counter } };
    }
    const targeting = parseDynamicUsername(username);
    const account = targeting ? this.dynamicByAccount.get(targeting.account) : undefined;
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
   * Registers an open connection of `grant` unless its credential is at its limit or was
   * withdrawn since it authenticated (a snapshot may land in between); `close` ends it when the
   * credential is withdrawn later.
   */
  admit(grant: Grant, close: () => void, limit: number, now = Date.now()): Admission {
    if (!this.isValid(grant.key, now)) return { ok: false, reason: 'revoked' };
    if (this.connections.count(grant.key) >= limit) return { ok: false, reason: 'limit' };
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
    const validity = this.validity.get(key);
    if (!validity) return false;
    return 'expiresAt' in validity ? validity.expiresAt > now : validity.counter.remaining > 0;
  }
}
