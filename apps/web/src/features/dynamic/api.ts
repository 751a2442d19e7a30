import {
  generateDynamicEndpoints,
  getDynamicAccount,
  resetDynamicPassword,
  type EndpointQuery,
} from '@stratus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export type DynamicEndpointsQuery = NonNullable<EndpointQuery<typeof generateDynamicEndpoints>>;

export const dynamicKeys = {
  all: ['dynamic'] as const,
  account: () => [...dynamicKeys.all, 'account'] as const,
};

export function useDynamicAccount() {
  return useQuery({
    queryKey: dynamicKeys.account(),
    queryFn: ({ signal }) => callEndpoint(getDynamicAccount, { signal }),
  });
}

/** A new password; the account in the cache becomes the server's answer at once. */
export function useResetDynamicPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(resetDynamicPassword),
    onSuccess: (account) => queryClient.setQueryData(dynamicKeys.account(), account),
  });
}

/** Generating is an explicit action (a button), so it runs as a mutation, not a cached query. */
export function useGenerateDynamicEndpoints() {
  return useMutation({
    mutationFn: (query: DynamicEndpointsQuery) => callEndpoint(generateDynamicEndpoints, { query }),
  });
}
