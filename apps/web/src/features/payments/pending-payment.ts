// A top-up paid on a provider's own page comes back without our state: the payment id is
// remembered for this tab so the checkout and result pages can poll it even without a query.
const PENDING_PAYMENT_KEY = 'pendingPaymentId';

/** Payment ids are UUIDs (the contract's `getTopUp` refuses anything else). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isPaymentId(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function rememberPendingPayment(paymentId: string): void {
  try {
    sessionStorage.setItem(PENDING_PAYMENT_KEY, paymentId);
  } catch {
    // Storage may be unavailable; the payment id still travels in the address.
  }
}

export function forgetPendingPayment(): void {
  try {
    sessionStorage.removeItem(PENDING_PAYMENT_KEY);
  } catch {
    // Nothing to forget.
  }
}

function readRememberedPayment(): string | null {
  try {
    return sessionStorage.getItem(PENDING_PAYMENT_KEY);
  } catch {
    return null;
  }
}

/** The payment id of the address, else the one remembered for this tab; null when neither is valid. */
export function resolvePaymentId(fromQuery: string | null): string | null {
  if (fromQuery !== null) return isPaymentId(fromQuery) ? fromQuery : null;
  const remembered = readRememberedPayment();
  return isPaymentId(remembered) ? remembered : null;
}
