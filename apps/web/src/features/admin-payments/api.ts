import type {
  getReconciliation,
  listAdminPayments,
  markAdminPaymentPaid,
  EndpointBody,
  EndpointQuery,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export type AdminPaymentsQuery = NonNullable<EndpointQuery<typeof listAdminPayments>>;
export type ReconciliationQuery = NonNullable<EndpointQuery<typeof getReconciliation>>;
export type MarkPaidBody = EndpointBody<typeof markAdminPaymentPaid>;

export const adminPaymentKeys = {
  all: ['adminPayments'] as const,
  list: (query: AdminPaymentsQuery) => [...adminPaymentKeys.all, 'list', query] as const,
  detail: (id: string) => [...adminPaymentKeys.all, 'detail', id] as const,
  reconciliation: (query: ReconciliationQuery) =>
    [...adminPaymentKeys.all, 'reconciliation', query] as const,
};

export function useAdminPayments(query: AdminPaymentsQuery) {
  return useQuery({
    queryKey: adminPaymentKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listAdminPayments, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPayment(id: string | null) {
  return useQuery({
    queryKey: adminPaymentKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.getAdminPayment, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

/** A sync or mark-paid may credit: the list, the detail and the reconciliation all change. */
function useInvalidatePayments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all });
}

export function useSyncPayment() {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.syncAdminPayment, { params: { id } }),
    onSettled: invalidate,
  });
}

export function useMarkPaymentPaid() {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MarkPaidBody }) =>
      callEndpoint(apiRoutes.markAdminPaymentPaid, { params: { id }, body }),
    onSettled: invalidate,
  });
}

export function useReconciliation(query: ReconciliationQuery) {
  return useQuery({
    queryKey: adminPaymentKeys.reconciliation(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getReconciliation, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
