// What every money move shares: the optional `Idempotency-Key` of a purchase, a renewal, a
// replacement or a refund (the server's checkout module).
import { singleLineTextSchema } from '../validation.ts';
import { z } from 'zod';

/** The longest `Idempotency-Key` a purchase takes. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/**
 * The optional `Idempotency-Key` header of a purchase: a repeat with the same key answers the
 * first result. A blank key is refused rather than taken as absent, since a client that sends
 * one means to be protected from a double purchase.
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': singleLineTextSchema({ min: 1, max: IDEMPOTENCY_KEY_MAX_LENGTH }).optional(),
});
