import type {
  addIpAllowlistEntry,
  createSubUser,
  updateSubUser,
  EndpointBody,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export type NewAllowlistEntry = EndpointBody<typeof addIpAllowlistEntry>;
export type NewSubUser = EndpointBody<typeof createSubUser>;
export type SubUserChanges = EndpointBody<typeof updateSubUser>;

export const accessKeys = {
  all: ['access'] as const,
  allowlist: () => [...accessKeys.all, 'allowlist'] as const,
  subUsers: () => [...accessKeys.all, 'subUsers'] as const,
};

export function useIpAllowlist() {
  return useQuery({
    queryKey: accessKeys.allowlist(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listIpAllowlist, { signal }),
  });
}

export function useAddAllowlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAllowlistEntry) => callEndpoint(apiRoutes.addIpAllowlistEntry, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.allowlist() }),
  });
}

export function useDeleteAllowlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.deleteIpAllowlistEntry, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.allowlist() }),
  });
}

export function useSubUsers() {
  return useQuery({
    queryKey: accessKeys.subUsers(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listSubUsers, { signal }),
  });
}

export function useCreateSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSubUser) => callEndpoint(apiRoutes.createSubUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.subUsers() }),
  });
}

export function useUpdateSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: SubUserChanges }) =>
      callEndpoint(apiRoutes.updateSubUser, { params: { id }, body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.subUsers() }),
  });
}

export function useDeleteSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.deleteSubUser, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.subUsers() }),
  });
}
