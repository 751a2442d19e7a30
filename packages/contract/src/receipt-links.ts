// What names a receipt and where its page is, without a schema: the web app's first screen reads
// its paths (shared/paths.ts) and must build no zod, and the credited mail links to the page.

/** What a receipt is about: a top-up (a payment) or an order (paid from the wallet). */
export const receiptKinds = ['topup', 'order'] as const;
export type ReceiptKind = (typeof receiptKinds)[number];

/** The console page of a receipt (the web app's route table and the credited mail's link). */
export const RECEIPT_PAGE_PATH = '/console/receipt/:kind/:id';

/** The console page of one receipt, by the payment's or order's id or number. */
export function receiptPagePath(kind: ReceiptKind, id: string): string {
  return RECEIPT_PAGE_PATH.replace(':kind', kind).replace(':id', encodeURIComponent(id));
}

/** A receipt's number: `R` + the payment's number (`TP…`) or the order's (`SI…`, `RN…`…). */
export function receiptNumberOf(sourceNo: string): string {
  return `R${sourceNo}`;
}
