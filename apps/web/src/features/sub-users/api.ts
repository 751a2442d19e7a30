import type { createSubUser, updateSubUser, EndpointBody } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export type NewSubUser = EndpointBody<typeof createSubUser>;
export type SubUserChanges = EndpointBody<typeof updateSubUser>;

export const subUserKeys = {
  all: ['subUsers'] as const,
};

export function useSubUsers() {
  return useQuery({
    queryKey: subUserKeys.all,
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listSubUsers, { signal }),
  });
}

export function useCreateSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSubUser) => callEndpoint(apiRoutes.createSubUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subUserKeys.all }),
  });
}

export function useUpdateSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: SubUserChanges }) =>
      callEndpoint(apiRoutes.updateSubUser, { params: { id }, body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subUserKeys.all }),
  });
}

export function useDeleteSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.deleteSubUser, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subUserKeys.all }),
  });
}
