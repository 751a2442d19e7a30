import { apiRoutes } from '@stratus/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export const deviceKeys = {
  sessions: ['devices', 'sessions'] as const,
  signIns: ['devices', 'sign-ins'] as const,
  signInsPage: (page: number, pageSize: number) => [...deviceKeys.signIns, page, pageSize] as const,
};

/** The caller's live sessions, the current one marked. */
export function useSecuritySessions() {
  return useQuery({
    queryKey: deviceKeys.sessions,
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listSecuritySessions, { signal }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.revokeSecuritySession, { params: { id } }),
    // A session already gone answers 404: the list is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.sessions }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(apiRoutes.revokeOtherSecuritySessions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.sessions }),
  });
}

/** One page of the caller's sign-in history (90 days, newest first). */
export function useSignInHistory({ page, pageSize }: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: deviceKeys.signInsPage(page, pageSize),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.listSignInHistory, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
