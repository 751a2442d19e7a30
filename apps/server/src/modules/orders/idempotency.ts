// `Idempotency-Key` handling of every purchase (run by the purchase pipeline): a repeat of the same
// request answers the first order; the same key with another request is refused.
import { createHash } from 'node:crypto';
import type { Tx } from '@stratus/db';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { claimIdempotencyKey } from './repo.ts';

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
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * Claims `key` inside `tx` for a request with `requestHash`. Resolves with the order of an
 * earlier identical request (the caller answers it and does nothing else), or undefined when the
 * key is now ours: the caller does the work and records its order with `setIdempotencyKeyOrder`
 * in the same transaction. The same key with another request throws `idempotencyKeyReused`.
 */
export async function claimOrReplayIdempotencyKey(
  tx: Tx,
  { userId, key, requestHash }: { userId: string; key: string; requestHash: string },
): Promise<string | undefined> {
  const { claimed, row } = await claimIdempotencyKey(tx, { userId, key, requestHash });
  if (claimed) return undefined;
  if (row.requestHash !== requestHash) throw new AppError('idempotencyKeyReused');
  if (row.orderId) return row.orderId;
  // A committed key always has its order (both are written in one transaction).
  throw new Error('idempotency key without an order');
}
