// What this gateway may serve, from the API's snapshot: who may connect, where they leave from,
// and which open connections must close when a new snapshot takes a credential away.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  parseDynamicUsername,
  type NodeDynamicAccount,
  type NodeSnapshot,
  type NodeStaticCredential,
} from '@stratus/contract';
import { DynamicEgressPool } from './dynamic-egress.ts';
import type { UsageCounter, UsageMeter } from './usage-counter.ts';

/** A client that proved its credentials: where it leaves from and what it is metered as. */
export interface Grant {
  /**
   * One key per credential, password included (`static:<instanceId>:<digest>` or
   * `dynamic:<userId>:<digest>`), so a password reset withdraws the connections of the old one.
   */
  key: string;
  egressIp: string;
  counter: UsageCounter;
}

export type AuthenticationResult =
  | { ok: true; grant: Grant }
  /** `invalid`: unknown or wrong credentials; `exhausted`: no traffic left; `noEgress`: no pool IP matches. */
  | { ok: false; reason: 'invalid' | 'exhausted' | 'noEgress' };

function credentialKey(kind: 'static' | 'dynamic', id: string, passwordSha256: string): string {
  return `${kind}:${id}:${passwordSha256.slice(0, 16)}`;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

// Compared against when the username is unknown, so both answers take the same time.
const UNKNOWN_DIGEST = sha256('unknown user');

function digestMatches(password: string, expectedHex: string | undefined): boolean {
  const expected = expectedHex ? Buffer.from(expectedHex, 'hex') : UNKNOWN_DIGEST;
  const matches = timingSafeEqual(sha256(password), expected);
  return matches && expectedHex !== undefined;
}

/** `::ffff:127.0.0.2` (an IPv4 client on a dual-stack socket) → `127.0.0.2`. */
export function normaliseAddress(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

interface Tracked {
  close: () => void;
}

export class CredentialStore {
  private snapshot: NodeSnapshot | null = null;
  private staticByAddress = new Map<string, Map<string, NodeStaticCredential>>();
  private dynamicByAccount = new Map<string, NodeDynamicAccount>();
  private readonly pool = new DynamicEgressPool();
  private readonly open = new Map<string, Set<Tracked>>();
  private readonly meter: UsageMeter;

  constructor(meter: UsageMeter) {
    this.meter = meter;
  }

  get version(): string | null {
    return this.snapshot?.version ?? null;
  }

  get current(): NodeSnapshot | null {
    return this.snapshot;
  }

  /** Serves from `snapshot` from now on and closes the connections it no longer allows. */
  apply(snapshot: NodeSnapshot): { closed: number } {
    this.snapshot = snapshot;
    this.staticByAddress = new Map();
    for (const credential of snapshot.staticCredentials) {
      const ip = normaliseAddress(credential.ip);
      let byUsername = this.staticByAddress.get(ip);
      if (!byUsername) this.staticByAddress.set(ip, (byUsername = new Map()));
      byUsername.set(credential.username, credential);
    }
    this.dynamicByAccount = new Map(snapshot.dynamicAccounts.map((a) => [a.account, a]));
    for (const account of snapshot.dynamicAccounts) {
      const counter = this.meter.counterFor('dynamic', account.userId);
      counter.snapshotRemaining = account.remainingBytes;
      counter.sinceSnapshot = 0;
    }
    this.pool.replace(snapshot.dynamicEgress);
    return { closed: this.revokeWithdrawn() };
  }

  authenticate({
    localAddress,
    username,
    password,
    now = Date.now(),
  }: {
    localAddress: string | undefined;
    username: string;
    password: string;
    now?: number;
  }): AuthenticationResult {
    // A static credential works only on its own address: the one the client connected to.
    const address = normaliseAddress(localAddress);
    const credential = this.staticByAddress.get(address)?.get(username);
    if (credential) {
      if (!digestMatches(password, credential.passwordSha256))
        return { ok: false, reason: 'invalid' };
      if (Date.parse(credential.expiresAt) <= now) return { ok: false, reason: 'invalid' };
      return {
        ok: true,
        grant: {
          key: credentialKey('static', credential.instanceId, credential.passwordSha256),
          egressIp: address,
          counter: this.meter.counterFor('static', credential.instanceId),
        },
      };
    }
    const targeting = parseDynamicUsername(username);
    const account = targeting ? this.dynamicByAccount.get(targeting.account) : undefined;
    if (!digestMatches(password, account?.passwordSha256) || !account || !targeting) {
      return { ok: false, reason: 'invalid' };
    }
    const counter = this.meter.counterFor('dynamic', account.userId);
    if (counter.remaining <= 0) return { ok: false, reason: 'exhausted' };
    const egressIp = this.pool.pick(targeting, now);
    if (!egressIp) return { ok: false, reason: 'noEgress' };
    const key = credentialKey('dynamic', account.userId, account.passwordSha256);
    counter.onExhausted = () => this.closeAll(key);
    return { ok: true, grant: { key, egressIp, counter } };
  }

  /** Open connections of one credential. */
  openConnections(key: string): number {
    return this.open.get(key)?.size ?? 0;
  }

  /** Registers an open connection; the answer unregisters it. */
  track(key: string, close: () => void): () => void {
    let set = this.open.get(key);
    if (!set) this.open.set(key, (set = new Set()));
    const entry = { close };
    set.add(entry);
    return () => {
      set.delete(entry);
      if (!set.size && this.open.get(key) === set) this.open.delete(key);
    };
  }

  closeAll(key: string): number {
    const set = this.open.get(key);
    if (!set) return 0;
    this.open.delete(key);
    for (const entry of set) entry.close();
    return set.size;
  }

  /** Closes connections whose credential the current snapshot no longer carries or allows. */
  private revokeWithdrawn(): number {
    const allowed = new Set<string>();
    const now = Date.now();
    for (const credential of this.snapshot?.staticCredentials ?? []) {
      if (Date.parse(credential.expiresAt) > now) {
        allowed.add(credentialKey('static', credential.instanceId, credential.passwordSha256));
      }
    }
    for (const account of this.snapshot?.dynamicAccounts ?? []) {
      if (this.meter.counterFor('dynamic', account.userId).remaining > 0) {
        allowed.add(credentialKey('dynamic', account.userId, account.passwordSha256));
      }
    }
    let closed = 0;
    for (const key of [...this.open.keys()]) if (!allowed.has(key)) closed += this.closeAll(key);
    return closed;
  }
}
