import type { Payment } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../shared/http/client.ts';
import { walletKeys } from '../wallet/public.ts';

/** How often a pending payment is asked for again (the brief asks for 2–3 s). */
export const PAYMENT_POLL_MS = 2_500;

export const paymentKeys = {
  all: ['payments'] as const,
  payment: (paymentId: string) => [...paymentKeys.all, 'payment', paymentId] as const,
};

function storePayment(queryClient: QueryClient, payment: Payment) {
  queryClient.setQueryData(paymentKeys.payment(payment.id), payment);
}

/**
 * One top-up payment, polled while it is pending. Once it is paid the wallet domain is
 * invalidated, so the header balance and the ledger show the credit.
 */
export function usePayment(paymentId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: paymentKeys.payment(paymentId ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.getTopUp, { params: { id: paymentId! }, signal }),
    enabled: paymentId !== null,
    staleTime: 0,
    refetchInterval: (current) =>
      current.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false,
  });
  const paid = query.data?.status === 'paid';
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  }, [paid, queryClient]);
  return query;
}

export function useCompleteSandboxPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      callEndpoint(apiRoutes.completeSandboxPayment, { params: { paymentId } }),
    onSuccess: (payment) => {
      storePayment(queryClient, payment);
      return queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

export function useCancelTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      callEndpoint(apiRoutes.cancelTopUp, { params: { id: paymentId } }),
    onSuccess: (payment) => storePayment(queryClient, payment),
  });
}
