import type { generateDynamicEndpoints, EndpointQuery } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
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
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getDynamicAccount, { signal }),
  });
}

/** A new password; the account in the cache becomes the server's answer at once. */
export function useResetDynamicPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(apiRoutes.resetDynamicPassword),
    onSuccess: (account) => queryClient.setQueryData(dynamicKeys.account(), account),
  });
}

/** Generating is an explicit action (a button), so it runs as a mutation, not a cached query. */
export function useGenerateDynamicEndpoints() {
  return useMutation({
    mutationFn: (query: DynamicEndpointsQuery) =>
      callEndpoint(apiRoutes.generateDynamicEndpoints, { query }),
  });
}
