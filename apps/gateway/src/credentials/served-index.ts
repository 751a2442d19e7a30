// The lookups a credential snapshot is served from: static credentials by address and username,
// dynamic logins (accounts and their sub-users) by name, and the validity of every credential key
// a connection can hold, allowlist grants included.
import type { NodeSnapshot, NodeStaticCredential } from '@stratus/contract';
import { unmapIpv4 } from '../ip-address.ts';
import { Allowlist } from './allowlist.ts';
import { subjectKey, type UsageCounter, type UsageMeter } from './usage-counter.ts';

/** What keeps a credential key valid: an expiry (static) or remaining traffic (dynamic). */
export type Validity = { expiresAt: number } | { counter: UsageCounter };

/** A dynamic login: an account, or a sub-user in an account's place. */
export interface DynamicLogin {
  key: string;
  passwordSha256: string;
  counter: UsageCounter;
}

/** Keys of the snapshot's credential objects, built once rather than per connection. */
const staticKeys = new WeakMap<NodeStaticCredential, string>();

export function staticKey(credential: NodeStaticCredential): string {
  let key = staticKeys.get(credential);
  if (key === undefined) {
    const { instanceId, ip, username, passwordSha256 } = credential;
    key = ['static', instanceId, unmapIpv4(ip), username, passwordSha256].join('\n');
    staticKeys.set(credential, key);
  }
  return key;
}

/**
 * A grant by source address holds the entry and the credential it stands for, so removing the
 * entry, or any change to the credential, withdraws its connections.
 */
export function allowlistKey(entryId: string, credentialKey: string): string {
  return ['allowlist', entryId, credentialKey].join('\n');
}

export interface ServedIndex {
  staticByAddress: Map<string, Map<string, NodeStaticCredential>>;
  dynamicByAccount: Map<string, DynamicLogin>;
  /** Account holder's user id → their account login (allowlisted sources use it). */
  dynamicByUser: Map<string, DynamicLogin>;
  subUsersByUsername: Map<string, DynamicLogin>;
  allowlist: Allowlist;
  validity: Map<string, Validity>;
  /** `subjectKey`s of every subject served, whose counters the meter keeps. */
  served: Set<string>;
}

/** Serves nothing: what a gateway has before its first snapshot. */
export function emptyIndex(): ServedIndex {
  return {
    staticByAddress: new Map(),
    dynamicByAccount: new Map(),
    dynamicByUser: new Map(),
    subUsersByUsername: new Map(),
    allowlist: new Allowlist([]),
    validity: new Map(),
    served: new Set(),
  };
}

/**
 * Indexes `snapshot`. Dynamic counters restart from the snapshot's remaining bytes (it already
 * includes what the API has been told); `onExhausted` runs when one crosses zero.
 */
export function indexSnapshot(
  snapshot: NodeSnapshot,
  { meter, onExhausted }: { meter: UsageMeter; onExhausted: () => void },
): ServedIndex {
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
  const dynamicByAccount = new Map<string, DynamicLogin>();
  const dynamicByUser = new Map<string, DynamicLogin>();
  for (const account of snapshot.dynamicAccounts) {
    const key = ['dynamic', account.userId, account.account, account.passwordSha256].join('\n');
    const counter = meter.counterFor('dynamic', account.userId);
    counter.snapshotRemaining = account.remainingBytes;
    counter.sinceSnapshot = 0;
    counter.onExhausted = onExhausted;
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
    const counter = meter.counterFor('sub_user', subUser.subUserId);
    counter.snapshotRemaining = subUser.remainingBytes;
    counter.sinceSnapshot = 0;
    counter.owner = owner.counter;
    counter.onExhausted = onExhausted;
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
  return {
    staticByAddress,
    dynamicByAccount,
    dynamicByUser,
    subUsersByUsername,
    allowlist: new Allowlist(snapshot.allowlist),
    validity,
    served,
  };
}
