import type {
  createTrafficOrder,
  getTrafficUsage,
  listTrafficPackages,
  EndpointBody,
  EndpointQuery,
  TrafficQuote,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';
import { downloadEndpointFile } from '../../shared/http/download.ts';
import type { PurchaseRequest, QuoteQuery } from '../../shared/purchase/use-purchase-flow.ts';
import { walletKeys } from '../wallet/public.ts';

export type TrafficPurchase = EndpointBody<typeof createTrafficOrder>;
export type TrafficPackagesQuery = NonNullable<EndpointQuery<typeof listTrafficPackages>>;
export type TrafficUsageQuery = NonNullable<EndpointQuery<typeof getTrafficUsage>>;

export const trafficKeys = {
  all: ['traffic'] as const,
  catalog: () => [...trafficKeys.all, 'catalog'] as const,
  quote: (body: TrafficPurchase) => [...trafficKeys.all, 'quote', body] as const,
  packages: (query: TrafficPackagesQuery) => [...trafficKeys.all, 'packages', query] as const,
  usage: (query: TrafficUsageQuery) => [...trafficKeys.all, 'usage', query] as const,
};

export function useTrafficCatalog() {
  return useQuery({
    queryKey: trafficKeys.catalog(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listTrafficCatalog, { signal }),
  });
}

/** Prices a purchase, for the shared purchase flow. */
export function trafficQuoteQuery(body: TrafficPurchase): QuoteQuery<TrafficQuote> {
  return {
    queryKey: trafficKeys.quote(body),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.quoteTrafficOrder, { body, signal }),
  };
}

/**
 * Buys traffic. The caller makes one idempotency key per confirmed purchase, so a retried request
 * answers the first result instead of buying twice.
 */
export function useCreateTrafficOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: PurchaseRequest<TrafficPurchase>) =>
      callEndpoint(apiRoutes.createTrafficOrder, {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    // Orders are keyed ['orders', …] and the overview ['overview', …]; named here to avoid cycles.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trafficKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['overview'] }),
        queryClient.invalidateQueries({ queryKey: ['dynamic'] }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      ]),
  });
}

export function useTrafficPackages(query: TrafficPackagesQuery) {
  return useQuery({
    queryKey: trafficKeys.packages(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listTrafficPackages, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTrafficUsage(query: TrafficUsageQuery) {
  return useQuery({
    queryKey: trafficKeys.usage(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getTrafficUsage, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the same series as the server's CSV file. */
export function useExportTrafficUsage() {
  return useMutation({
    mutationFn: ({ query, fileName }: { query: TrafficUsageQuery; fileName: string }) =>
      downloadEndpointFile(apiRoutes.getTrafficUsage, {
        query: { ...query, format: 'csv' },
        fileName,
      }),
  });
}
