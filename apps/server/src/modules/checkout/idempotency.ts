// `Idempotency-Key` handling of every money move (run by the money-move pipeline): a repeat of the
// same request answers the first result; the same key with another request is refused.
import { hash } from 'node:crypto';
import type { Tx } from '@stratus/db';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { claimIdempotencyKey, setIdempotencyKeyOrder } from './idempotency-repo.ts';

/**
 * The `Idempotency-Key` header, if sent. The route's `idempotencyHeadersSchema` has already
 * trimmed it and refused a blank or over-long key with 400: a blank key once counted as absent,
 * so retries a client meant to be idempotent each bought again.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || key === '' || key !== key.trim()) {
    // Only a route registered without the contract's header schema gets here.
    throw new Error('Idempotency-Key read on a route without idempotencyHeadersSchema');
  }
  return key;
}

/**
 * The fingerprint of a request: same key + same fingerprint = a repeat. Parts of different kinds
 * of purchase must never coincide (traffic starts with `'traffic'`), so one key can never replay
 * another kind's order.
 */
export function requestFingerprint(parts: readonly unknown[]): string {
  return hash('sha256', JSON.stringify(parts), 'hex');
}

/**
 * Where one kind of operation keeps its `Idempotency-Key`s (purchases per customer, refunds per
 * order). The money-move pipeline runs both steps inside its transaction.
 */
export interface IdempotencyStore {
  /**
   * Claims `key` for a request hashed `requestHash`. Resolves with the earlier request's hash and
   * result when the key was used before (committed), or undefined when the key is now ours. When
   * another transaction holds the key uncommitted, waits for it to end.
   */
  claim(
    tx: Tx,
    claim: { key: string; requestHash: string },
  ): Promise<{ requestHash: string; resultId: string | null } | undefined>;
  /** Links the claimed key to the result the work produced, in the same transaction. */
  complete(tx: Tx, claim: { key: string; requestHash: string; resultId: string }): Promise<void>;
}

/**
 * Claims `key` in `store` inside `tx`. Resolves with the result of an earlier identical request
 * (the caller answers it and does nothing else), or undefined when the key is now ours: the
 * caller does the work and completes the key in the same transaction. The same key with another
 * request throws `idempotencyKeyReused`.
 */
export async function claimOrReplay(
  tx: Tx,
  { store, key, requestHash }: { store: IdempotencyStore; key: string; requestHash: string },
): Promise<string | undefined> {
  const earlier = await store.claim(tx, { key, requestHash });
  if (!earlier) return undefined;
  if (earlier.requestHash !== requestHash) throw new AppError('idempotencyKeyReused');
  if (earlier.resultId) return earlier.resultId;
  // A committed key always has its result (both are written in one transaction).
  throw new Error('idempotency key without a result');
}

/** A customer's purchase keys (`idempotency_keys`): one key buys one order of any product. */
export function purchaseKeyStore(userId: string): IdempotencyStore {
  return {
    async claim(tx, { key, requestHash }) {
      const { claimed, row } = await claimIdempotencyKey(tx, { userId, key, requestHash });
      return claimed ? undefined : { requestHash: row.requestHash, resultId: row.orderId };
    },
    async complete(tx, { key, resultId }) {
      await setIdempotencyKeyOrder(tx, { userId, key, orderId: resultId });
    },
  };
}

/** The plan a static-IP key claim read in its own statement, once the key was ours. */
