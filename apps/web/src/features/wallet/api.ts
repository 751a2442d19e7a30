import type { createTopUp, listTransactions, EndpointBody, EndpointQuery } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';
import { downloadEndpointFile } from '../../shared/http/download.ts';

export type TransactionsQuery = NonNullable<EndpointQuery<typeof listTransactions>>;

export const walletKeys = {
  all: ['wallet'] as const,
  wallet: () => [...walletKeys.all, 'wallet'] as const,
  topUpOptions: () => [...walletKeys.all, 'topUpOptions'] as const,
  transactions: (query: TransactionsQuery) => [...walletKeys.all, 'transactions', query] as const,
  openTopUp: () => [...walletKeys.all, 'openTopUp'] as const,
};

export function useWallet() {
  return useQuery({
    queryKey: walletKeys.wallet(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getWallet, { signal }),
  });
}

export function useTopUpOptions() {
  return useQuery({
    queryKey: walletKeys.topUpOptions(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getTopUpOptions, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The top-up the customer left open (pending, not expired), or null. */
export function useOpenTopUp() {
  return useQuery({
    queryKey: walletKeys.openTopUp(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getOpenTopUp, { signal }),
    staleTime: 0,
  });
}

/**
 * Gives up the open top-up. Whatever the answer (closed, or 409: paid or closed meanwhile), the
 * open top-up and the balance are read again.
 */
export function useCancelOpenTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      callEndpoint(apiRoutes.cancelTopUp, { params: { id: paymentId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

/** Starts a top-up; nothing is credited yet, so no cached data changes here. */
export function useCreateTopUp() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof createTopUp>) =>
      callEndpoint(apiRoutes.createTopUp, { body }),
  });
}

export function useTransactions(query: TransactionsQuery) {
  return useQuery({
    queryKey: walletKeys.transactions(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listTransactions, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads every ledger row matching the filters (no paging) as the server's CSV file. */
export function useExportTransactions() {
  return useMutation({
    mutationFn: ({ query, fileName }: { query: TransactionsQuery; fileName: string }) =>
      downloadEndpointFile(apiRoutes.listTransactions, {
        query: { type: query.type, from: query.from, to: query.to, format: 'csv' },
        fileName,
      }),
  });
}
