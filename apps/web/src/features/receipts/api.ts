import type { ReceiptKind } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../shared/i18n/i18n.ts';
import { callEndpoint } from '../../shared/http/client.ts';

export const receiptKeys = {
  all: ['receipts'] as const,
  // By language too: an order's lines name their region in the reader's language.
  receipt: (kind: string, id: string, language: string) =>
    [...receiptKeys.all, kind, id, language] as const,
};

/** Whether a page address names a receipt kind the server knows. */
export function isReceiptKind(kind: string | undefined): kind is ReceiptKind {
  return kind === 'topup' || kind === 'order';
}

/** A paid top-up's or order's receipt, by its id or number; a 404 is shown on the page itself. */
export function useReceipt(kind: ReceiptKind, id: string) {
  return useQuery({
    queryKey: receiptKeys.receipt(kind, id, currentLanguage()),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.getReceipt, { params: { kind, id }, signal, silent: true }),
    retry: false,
  });
}
