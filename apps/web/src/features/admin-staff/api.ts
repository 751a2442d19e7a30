import type { addStaffMember, EndpointBody, StaffRole } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export const staffKeys = {
  all: ['staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
};

export function useStaff() {
  return useQuery({
    queryKey: staffKeys.list(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listStaff, { signal }),
  });
}

export function useAddStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof addStaffMember>) =>
      callEndpoint(apiRoutes.addStaffMember, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export function useChangeStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: StaffRole }) =>
      callEndpoint(apiRoutes.changeStaffRole, { params: { id }, body: { role } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export function useRemoveStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.removeStaffMember, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

/** Resets a member's two-step verification (they lost their authenticator); they are signed out. */
export function useResetStaffTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.resetStaffTwoStep, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
