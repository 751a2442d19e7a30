import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  current: () => [...subscriptionKeys.all, 'current'] as const,
};

/** The account's subscription URL; the first read makes the token. */
export function useSubscription(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.current(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getSubscription, { signal }),
    enabled,
  });
}

export function useRotateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(apiRoutes.rotateSubscription),
    onSuccess: (subscription) => queryClient.setQueryData(subscriptionKeys.current(), subscription),
  });
}
