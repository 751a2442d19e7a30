import type { listAdminIps, AdminIp, EndpointQuery, ImportAdminIpsBody } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export type AdminIpsQuery = NonNullable<EndpointQuery<typeof listAdminIps>>;

/** What an operator may do to addresses: the three status changes. */
export type IpStatusChange = 'quarantine' | 'release' | 'retire';

export const adminInventoryKeys = {
  all: ['adminInventory'] as const,
  list: (query: AdminIpsQuery) => [...adminInventoryKeys.all, 'list', query] as const,
  overview: () => [...adminInventoryKeys.all, 'overview'] as const,
  detail: (id: string) => [...adminInventoryKeys.all, 'detail', id] as const,
};

export function useAdminIps(query: AdminIpsQuery) {
  return useQuery({
    queryKey: adminInventoryKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listAdminIps, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminIpOverview() {
  return useQuery({
    queryKey: adminInventoryKeys.overview(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getAdminIpOverview, { signal }),
  });
}

export function useAdminIp(id: string | null) {
  return useQuery({
    queryKey: adminInventoryKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(apiRoutes.getAdminIp, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

/** Every change moves addresses between states: the list, the counts and the pages change. */
function useInvalidateInventory() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminInventoryKeys.all });
}

const single = {
  quarantine: apiRoutes.quarantineAdminIp,
  release: apiRoutes.releaseAdminIp,
  retire: apiRoutes.retireAdminIp,
} as const;
const bulk = {
  quarantine: apiRoutes.quarantineAdminIps,
  release: apiRoutes.releaseAdminIps,
  retire: apiRoutes.retireAdminIps,
} as const;

/** Quarantines, releases or retires one address, or several at once (all or none). */
export function useChangeIpStatus() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: async ({
      change,
      ids,
      reason,
    }: {
      change: IpStatusChange;
      ids: string[];
      reason: string;
    }): Promise<AdminIp[]> => {
      const body = { reason };
      if (ids.length === 1) {
        return [await callEndpoint(single[change], { params: { id: ids[0]! }, body })];
      }
      return (await callEndpoint(bulk[change], { body: { ids, ...body } })).items;
    },
    onSettled: invalidate,
  });
}

/** A dry run (a preview: nothing changes) or an apply of an import. */
export function useImportIps() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: (body: ImportAdminIpsBody) => callEndpoint(apiRoutes.importAdminIps, { body }),
    onSuccess: (result) => (result.applied ? invalidate() : undefined),
  });
}
