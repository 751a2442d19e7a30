import type {
  listInstances,
  updateInstance,
  EndpointBody,
  EndpointQuery,
  ExportType,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';
import { downloadEndpointFile } from '../../shared/http/download.ts';
import { walletKeys } from '../wallet/public.ts';

export type InstancesQuery = NonNullable<EndpointQuery<typeof listInstances>>;
export type InstanceChanges = EndpointBody<typeof updateInstance>;

export const catalogKeys = {
  all: ['catalog'] as const,
  staticIp: () => [...catalogKeys.all, 'staticIp'] as const,
};

export const instanceKeys = {
  all: ['instances'] as const,
  list: (query: InstancesQuery) => [...instanceKeys.all, 'list', query] as const,
  check: (instanceId: string, checkId: string) =>
    [...instanceKeys.all, 'check', instanceId, checkId] as const,
  renewalQuote: (ids: string[], durationDays: number) =>
    [...instanceKeys.all, 'renewalQuote', ids, durationDays] as const,
};

export function useStaticIpCatalog() {
  return useQuery({
    queryKey: catalogKeys.staticIp(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listStaticIpCatalog, { signal }),
  });
}

export function useInstances(query: InstancesQuery) {
  return useQuery({
    queryKey: instanceKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listInstances, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: InstanceChanges }) =>
      callEndpoint(apiRoutes.updateInstance, { params: { id }, body: changes }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: instanceKeys.all }),
  });
}

export function useResetInstancePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.resetInstancePassword, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: instanceKeys.all }),
  });
}

export function useRenewalQuote(ids: string[], durationDays: number, enabled: boolean) {
  return useQuery({
    queryKey: instanceKeys.renewalQuote(ids, durationDays),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.quoteRenewal, { body: { ids, durationDays }, signal }),
    enabled: enabled && ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

function invalidateAfterPayment(queryClient: QueryClient) {
  // Orders are keyed ['orders', …] (features/orders/api.ts); named here to avoid an import cycle.
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: instanceKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['orders'] }),
    queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  ]);
}

export interface RenewalRequest {
  ids: string[];
  durationDays: number;
  /** One per renewal the customer asks for: a retried request answers the first, never pays twice. */
  idempotencyKey: string;
}

/** Renews one instance, or several in one payment. */
export function useRenewInstances() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, durationDays, idempotencyKey }: RenewalRequest) => {
      const headers = { 'Idempotency-Key': idempotencyKey };
      return ids.length === 1
        ? callEndpoint(apiRoutes.renewInstance, {
            params: { id: ids[0]! },
            body: { durationDays },
            headers,
          })
        : callEndpoint(apiRoutes.renewInstances, { body: { ids, durationDays }, headers });
    },
    onSettled: () => invalidateAfterPayment(queryClient),
  });
}

export interface ExportRequest {
  type: ExportType;
  base64: boolean;
  /** Selected instance ids; every active instance when empty. */
  ids: string[];
  fileName: string;
}

export function useExportInstances() {
  return useMutation({
    mutationFn: ({ type, base64, ids, fileName }: ExportRequest) =>
      downloadEndpointFile(apiRoutes.exportInstances, {
        params: { type },
        query: {
          encoding: base64 ? 'base64' : 'plain',
          ...(ids.length ? { ids: ids.join(',') } : {}),
        },
        fileName,
      }),
  });
}

/**
 * Replaces an instance's address; one idempotency key per confirmation, so a retried request
 * never replaces twice. The order history gains the replacement order.
 */
export function useReplaceInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      callEndpoint(apiRoutes.replaceInstance, {
        params: { id },
        body: {},
        headers: { 'idempotency-key': idempotencyKey },
      }),
    onSettled: () => invalidateAfterPayment(queryClient),
  });
}

export function useStartInstanceCheck() {
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.createInstanceCheck, { params: { id } }),
  });
}

/**
 * A connectivity check, read twice a second while the gateway has not reported it: the answer
 * shows within half a second of the node's report.
 */
export function useInstanceCheck(instanceId: string, checkId: string | undefined) {
  return useQuery({
    queryKey: instanceKeys.check(instanceId, checkId ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.getInstanceCheck, {
        params: { id: instanceId, checkId: checkId! },
        signal,
      }),
    enabled: checkId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 500 : false),
  });
}
