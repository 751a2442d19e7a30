// What this gateway may serve, from the API's snapshot: who may connect, where they leave from,
// and which open connections must close when a new snapshot withdraws or changes a credential.
import {
  parseDynamicUsername,
  type NodeSnapshot,
  type NodeStaticCredential,
} from '@stratus/contract';
import { unmapIpv4 } from '../ip-address.ts';
import { Allowlist } from './allowlist.ts';
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

/** What keeps a credential key valid: an expiry (static) or remaining traffic (dynamic). */
type Validity = { expiresAt: number } | { counter: UsageCounter };

/** A dynamic login: an account, or a sub-user in an account's place. */
interface DynamicLogin {
  key: string;
  passwordSha256: string;
  counter: UsageCounter;
}

function staticKey(credential: NodeStaticCredential): string {
  const { instanceId, ip, username, passwordSha256 } = credential;
  return ['static', instanceId, unmapIpv4(ip), username, passwordSha256].join('\n');
}

/**
 * A grant by source address holds the entry and the credential it stands for, so removing the
 * entry, or any change to the credential, withdraws its connections.
 */
function allowlistKey(entryId: string, credentialKey: string): string {
  return ['allowlist', entryId, credentialKey].join('\n');
}

export class CredentialStore {
  readonly meter: UsageMeter;
  private current: NodeSnapshot | null = null;
  private staticByAddress = new Map<string, Map<string, NodeStaticCredential>>();
  private dynamicByAccount = new Map<string, DynamicLogin>();
  /** Account holder's user id → their account login (allowlisted sources use it). */
  private dynamicByUser = new Map<string, DynamicLogin>();
  private subUsersByUsername = new Map<string, DynamicLogin>();
  private allowlist = new Allowlist([]);
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
    // A counter running out closes whatever it no longer allows: the login's own connections,
    // and for an account those of its sub-users and allowlisted sources too.
    const closeExhausted = () => void this.revokeInvalid();
    const dynamicByAccount = new Map<string, DynamicLogin>();
    const dynamicByUser = new Map<string, DynamicLogin>();
    for (const account of snapshot.dynamicAccounts) {
      const key = ['dynamic', account.userId, account.account, account.passwordSha256].join('\n');
      const counter = this.meter.counterFor('dynamic', account.userId);
      // The snapshot's figure already includes what the API has been told; count afresh from it.
      counter.snapshotRemaining = account.remainingBytes;
      counter.sinceSnapshot = 0;
      counter.onExhausted = closeExhausted;
      const login = { key, passwordSha256: account.passwordSha256, counter };
      dynamicByAccount.set(account.account, login);
      dynamicByUser.set(account.userId, login);
      validity.set(key, { counter });
      served.add(subjectKey('dynamic', account.userId));
    }
    const subUsersByUsername = new Map<string, DynamicLogin>();
    for (const subUser of snapshot.subUsers) {
      const owner = dynamicByUser.get(subUser.userId);
      if (!owner) continue;
      const key = ['sub_user', subUser.subUserId, subUser.username, subUser.passwordSha256].join(
        '\n',
      );
      const counter = this.meter.counterFor('sub_user', subUser.subUserId);
      counter.snapshotRemaining = subUser.remainingBytes;
      counter.sinceSnapshot = 0;
      counter.owner = owner.counter;
      counter.onExhausted = closeExhausted;
      subUsersByUsername.set(subUser.username, {
        key,
        passwordSha256: subUser.passwordSha256,
        counter,
      });
      validity.set(key, { counter });
      served.add(subjectKey('sub_user', subUser.subUserId));
    }
    for (const entry of snapshot.allowlist) {
      for (const credential of snapshot.staticCredentials) {
        if (credential.userId !== entry.userId) continue;
        validity.set(allowlistKey(entry.entryId, staticKey(credential)), {
          expiresAt: Date.parse(credential.expiresAt),
        });
      }
      const account = dynamicByUser.get(entry.userId);
      if (account) {
        validity.set(allowlistKey(entry.entryId, account.key), { counter: account.counter });
      }
    }
    this.current = snapshot;
    this.staticByAddress = staticByAddress;
    this.dynamicByAccount = dynamicByAccount;
    this.dynamicByUser = dynamicByUser;
    this.subUsersByUsername = subUsersByUsername;
    this.allowlist = new Allowlist(snapshot.allowlist);
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
    // Account names and sub-user usernames share one namespace (the API holds that).
    const account = targeting
      ? (this.dynamicByAccount.get(targeting.account) ??
        this.subUsersByUsername.get(targeting.account))
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
    const entry = this.allowlist.match(remoteAddress);
    if (!entry) return null;
    const address = unmapIpv4(localAddress ?? '');
    const atAddress = this.staticByAddress.get(address);
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
    const account = this.dynamicByUser.get(entry.userId);
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
    const validity = this.validity.get(key);
    if (!validity) return false;
    return 'expiresAt' in validity ? validity.expiresAt > now : validity.counter.remaining > 0;
  }
}
