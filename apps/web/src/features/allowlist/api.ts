import type { addIpAllowlistEntry, EndpointBody } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export type NewAllowlistEntry = EndpointBody<typeof addIpAllowlistEntry>;

export const allowlistKeys = {
  all: ['allowlist'] as const,
};

export function useIpAllowlist() {
  return useQuery({
    queryKey: allowlistKeys.all,
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listIpAllowlist, { signal }),
  });
}

export function useAddAllowlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAllowlistEntry) => callEndpoint(apiRoutes.addIpAllowlistEntry, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allowlistKeys.all }),
  });
}

export function useDeleteAllowlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.deleteIpAllowlistEntry, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allowlistKeys.all }),
  });
}
