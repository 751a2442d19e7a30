import {
  type createAdminNode,
  NODE_POLL_INTERVAL_SECONDS,
  type EndpointBody,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export const nodeKeys = {
  all: ['admin-nodes'] as const,
  list: () => [...nodeKeys.all, 'list'] as const,
  detail: (id: string) => [...nodeKeys.all, 'detail', id] as const,
};

/** Heartbeats arrive every poll: the list follows them every few polls, while it is on screen. */
const LIST_REFRESH_MS = NODE_POLL_INTERVAL_SECONDS * 2 * 1000;
/** The node page's series is by minute; its header is refreshed as often as the list. */
const DETAIL_REFRESH_MS = LIST_REFRESH_MS;

export function useAdminNodes() {
  return useQuery({
    queryKey: nodeKeys.list(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listAdminNodes, { signal }),
    refetchInterval: LIST_REFRESH_MS,
  });
}

export function useAdminNode(id: string) {
  return useQuery({
    queryKey: nodeKeys.detail(id),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getAdminNode, { params: { id }, signal }),
    refetchInterval: DETAIL_REFRESH_MS,
  });
}

export function useCreateNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof createAdminNode>) =>
      callEndpoint(apiRoutes.createAdminNode, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeKeys.all }),
  });
}

export function useRotateNodeKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.rotateAdminNodeKey, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeKeys.all }),
  });
}

export function useSetNodeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disable }: { id: string; disable: boolean }) =>
      callEndpoint(disable ? apiRoutes.disableAdminNode : apiRoutes.enableAdminNode, {
        params: { id },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeKeys.all }),
  });
}
