import type {
  EndpointBody,
  markInboxMessagesRead,
  updateNotificationPreferences,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export const messageKeys = {
  all: ['messages'] as const,
  inbox: () => [...messageKeys.all, 'inbox'] as const,
  page: (page: number, pageSize: number, unread: boolean) =>
    [...messageKeys.inbox(), page, pageSize, unread] as const,
  unread: () => [...messageKeys.inbox(), 'unread'] as const,
  preferences: () => [...messageKeys.all, 'preferences'] as const,
  unsubscribe: (token: string) => [...messageKeys.all, 'unsubscribe', token] as const,
};

/** The bell asks again this often (and when the tab comes back). */
const UNREAD_REFRESH_MS = 60_000;

/** How many messages are unread: the bell's count. Silent: a failure only leaves it as it was. */
export function useUnreadCount() {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.listInboxMessages, {
        query: { page: 1, pageSize: 1, unread: 'true' },
        signal,
        silent: true,
      }),
    select: (page) => page.unread,
    refetchInterval: UNREAD_REFRESH_MS,
  });
}

export function useInbox({
  page,
  pageSize,
  unread,
}: {
  page: number;
  pageSize: number;
  unread: boolean;
}) {
  return useQuery({
    queryKey: messageKeys.page(page, pageSize, unread),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.listInboxMessages, {
        query: { page, pageSize, ...(unread ? { unread: 'true' as const } : {}) },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof markInboxMessagesRead>) =>
      callEndpoint(apiRoutes.markInboxMessagesRead, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.inbox() }),
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: messageKeys.preferences(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getNotificationPreferences, { signal }),
  });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof updateNotificationPreferences>) =>
      callEndpoint(apiRoutes.updateNotificationPreferences, { body }),
    onSuccess: (answer) => queryClient.setQueryData(messageKeys.preferences(), answer),
  });
}

/** What an unsubscribe link would switch off; nothing changes by reading it. */
export function useUnsubscribeTarget(token: string) {
  return useQuery({
    queryKey: messageKeys.unsubscribe(token),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.getUnsubscribeTarget, { params: { token }, signal, silent: true }),
    enabled: token !== '',
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(apiRoutes.unsubscribe, {
        params: { token },
        body: { 'List-Unsubscribe': 'One-Click' },
      }),
    onSuccess: (answer) => queryClient.setQueryData(messageKeys.unsubscribe(token), answer),
  });
}
