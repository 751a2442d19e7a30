import type {
  createStaticIpOrder,
  listOrders,
  EndpointBody,
  EndpointQuery,
  Quote,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';
import type { PurchaseRequest, QuoteQuery } from '../../shared/purchase/use-purchase-flow.ts';
import { instanceKeys } from '../instances/public.ts';
import { walletKeys } from '../wallet/public.ts';

export type OrdersQuery = NonNullable<EndpointQuery<typeof listOrders>>;
export type StaticIpPurchase = EndpointBody<typeof createStaticIpOrder>;

export const orderKeys = {
  all: ['orders'] as const,
  list: (query: OrdersQuery) => [...orderKeys.all, 'list', query] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  quote: (body: StaticIpPurchase) => [...orderKeys.all, 'quote', body] as const,
};

export function useOrders(query: OrdersQuery) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listOrders, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getOrder, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

/** Prices a purchase, for the shared purchase flow. */
export function staticIpQuoteQuery(body: StaticIpPurchase): QuoteQuery<Quote> {
  return {
    queryKey: orderKeys.quote(body),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.quoteStaticIpOrder, { body, signal }),
  };
}

/**
 * Buys static IPs. The idempotency key is made once per confirmed purchase by the caller, so a
 * retried request (double click, flaky network) answers the first result instead of buying twice.
 */
export function useCreateStaticIpOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: PurchaseRequest<StaticIpPurchase>) =>
      callEndpoint(apiRoutes.createStaticIpOrder, {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: instanceKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      ]),
  });
}
