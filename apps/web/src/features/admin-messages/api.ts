import type {
  EndpointBody,
  EndpointQuery,
  listAdminMessages,
  sendTestEmail,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export type AdminMessagesQuery = NonNullable<EndpointQuery<typeof listAdminMessages>>;
export type TestEmailBody = EndpointBody<typeof sendTestEmail>;

export const adminMessageKeys = {
  all: ['adminMessages'] as const,
  list: (query: AdminMessagesQuery) => [...adminMessageKeys.all, 'list', query] as const,
  detail: (id: string) => [...adminMessageKeys.all, 'detail', id] as const,
};

export function useAdminMessages(query: AdminMessagesQuery) {
  return useQuery({
    queryKey: adminMessageKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listAdminMessages, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminMessage(id: string | null) {
  return useQuery({
    queryKey: adminMessageKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.getAdminMessage, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

/** A resend or a test email changes the list and the message: both are read again. */
function useInvalidateMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminMessageKeys.all });
}

export function useResendMessage() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.resendAdminMessage, { params: { id } }),
    onSettled: invalidate,
  });
}

export function useSendTestEmail() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: (body: TestEmailBody) => callEndpoint(apiRoutes.sendTestEmail, { body }),
    onSettled: invalidate,
  });
}
