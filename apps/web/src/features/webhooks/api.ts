import type { createWebhookEndpoint, EndpointBody, updateWebhookEndpoint } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export type NewWebhook = EndpointBody<typeof createWebhookEndpoint>;
export type WebhookChanges = EndpointBody<typeof updateWebhookEndpoint>;

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
  deliveriesPage: (id: string, page: number, pageSize: number) =>
    [...webhookKeys.deliveries(id), page, pageSize] as const,
};

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.endpoints(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listWebhookEndpoints, { signal }),
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewWebhook) => callEndpoint(apiRoutes.createWebhookEndpoint, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: WebhookChanges }) =>
      callEndpoint(apiRoutes.updateWebhookEndpoint, { params: { id }, body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.deleteWebhookEndpoint, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

export function useWebhookDeliveries(
  id: string,
  { page, pageSize }: { page: number; pageSize: number },
) {
  return useQuery({
    queryKey: webhookKeys.deliveriesPage(id, page, pageSize),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.listWebhookDeliveries, {
        params: { id },
        query: { page, pageSize },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      callEndpoint(apiRoutes.resendWebhookDelivery, { params: { id: deliveryId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}
