import {
  addIpAllowlistEntry,
  createSubUser,
  deleteIpAllowlistEntry,
  deleteSubUser,
  listIpAllowlist,
  listSubUsers,
  updateSubUser,
  type EndpointBody,
} from '@stratus/contract';
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
    queryFn: ({ signal }) => callEndpoint(listIpAllowlist, { signal }),
  });
}

export function useAddAllowlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAllowlistEntry) => callEndpoint(addIpAllowlistEntry, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.allowlist() }),
  });
}

export function useDeleteAllowlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteIpAllowlistEntry, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.allowlist() }),
  });
}

export function useSubUsers() {
  return useQuery({
    queryKey: accessKeys.subUsers(),
    queryFn: ({ signal }) => callEndpoint(listSubUsers, { signal }),
  });
}

export function useCreateSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSubUser) => callEndpoint(createSubUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.subUsers() }),
  });
}

export function useUpdateSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: SubUserChanges }) =>
      callEndpoint(updateSubUser, { params: { id }, body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.subUsers() }),
  });
}

export function useDeleteSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteSubUser, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.subUsers() }),
  });
}
