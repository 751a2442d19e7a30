import type {
  listAdminOrders,
  listRenewalFailures,
  refundOrder,
  EndpointBody,
  EndpointQuery,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export type AdminOrdersQuery = NonNullable<EndpointQuery<typeof listAdminOrders>>;
export type RenewalFailuresQuery = NonNullable<EndpointQuery<typeof listRenewalFailures>>;
export type RefundBody = EndpointBody<typeof refundOrder>;

export const adminOrderKeys = {
  all: ['admin-orders'] as const,
  list: (query: AdminOrdersQuery) => [...adminOrderKeys.all, 'list', query] as const,
  detail: (id: string) => [...adminOrderKeys.all, 'detail', id] as const,
  renewalFailures: (query: RenewalFailuresQuery) =>
    [...adminOrderKeys.all, 'renewal-failures', query] as const,
};

/** `enabled` false while the page shows its other tab. */
export function useAdminOrders(query: AdminOrdersQuery, enabled = true) {
  return useQuery({
    queryKey: adminOrderKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listAdminOrders, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAdminOrder(id: string | null) {
  return useQuery({
    queryKey: adminOrderKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.getAdminOrder, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

export function useRenewalFailures(query: RenewalFailuresQuery, enabled = true) {
  return useQuery({
    queryKey: adminOrderKeys.renewalFailures(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listRenewalFailures, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Refunds an order. The caller makes one idempotency key per refund dialog it opens, so a double
 * click or a retried request refunds once and answers the first refund.
 */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orderId,
      body,
      idempotencyKey,
    }: {
      orderId: string;
      body: RefundBody;
      idempotencyKey: string;
    }) =>
      callEndpoint(apiRoutes.refundOrder, {
        params: { id: orderId },
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: ({ order }) => queryClient.setQueryData(adminOrderKeys.detail(order.id), order),
    // A refund moves a balance, writes a ledger row and may end instances: every view of them
    // (the orders list, a customer's page and its tabs) reads again, wherever it was started.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
