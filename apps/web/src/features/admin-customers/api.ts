import type {
  createBalanceAdjustment,
  listAdminCustomers,
  listBalanceAdjustments,
  EndpointBody,
  EndpointData,
  EndpointOfRoute,
  EndpointRoute,
  EndpointQuery,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export type CustomersQuery = NonNullable<EndpointQuery<typeof listAdminCustomers>>;
export type AdjustmentsQuery = NonNullable<EndpointQuery<typeof listBalanceAdjustments>>;

/** The tabs of one customer's page, each a paged list endpoint about that customer. */
export const customerTabEndpoints = {
  ledger: apiRoutes.listAdminCustomerLedger,
  payments: apiRoutes.listAdminCustomerPayments,
  orders: apiRoutes.listAdminCustomerOrders,
  instances: apiRoutes.listAdminCustomerInstances,
  trafficPackages: apiRoutes.listAdminCustomerTrafficPackages,
  sessions: apiRoutes.listAdminCustomerSessions,
} as const;
export type CustomerTab = keyof typeof customerTabEndpoints;

export interface TabPaging {
  page: number;
  pageSize: number;
}

export const adminCustomerKeys = {
  all: ['admin-customers'] as const,
  list: (query: CustomersQuery) => [...adminCustomerKeys.all, 'list', query] as const,
  customer: (id: string) => [...adminCustomerKeys.all, 'customer', id] as const,
  tab: (id: string, tab: CustomerTab, paging: TabPaging) =>
    [...adminCustomerKeys.customer(id), tab, paging] as const,
  adjustments: (query: AdjustmentsQuery) =>
    [...adminCustomerKeys.all, 'adjustments', query] as const,
};

export function useAdminCustomers(query: CustomersQuery) {
  return useQuery({
    queryKey: adminCustomerKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listAdminCustomers, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCustomer(id: string) {
  return useQuery({
    queryKey: adminCustomerKeys.customer(id),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getAdminCustomer, { params: { id }, signal }),
  });
}

/** One page of a tab; `enabled` false until the tab is first opened. */
export function useCustomerTab<T extends CustomerTab>(
  id: string,
  tab: T,
  paging: TabPaging,
  enabled = true,
) {
  const endpoint: EndpointRoute = customerTabEndpoints[tab];
  return useQuery({
    queryKey: adminCustomerKeys.tab(id, tab, paging),
    queryFn: ({ signal }) =>
      callEndpoint(endpoint, { params: { id }, query: paging, signal }) as Promise<
        EndpointData<EndpointOfRoute<(typeof customerTabEndpoints)[T]>>
      >,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every write about a customer refreshes their page, its tabs and the lists. */
function useCustomerMutation<Variables, Result>(run: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCustomerKeys.all }),
  });
}

export function useSetCustomerStatus(id: string) {
  return useCustomerMutation(({ disable, reason }: { disable: boolean; reason: string }) =>
    disable
      ? callEndpoint(apiRoutes.disableAdminCustomer, { params: { id }, body: { reason } })
      : callEndpoint(apiRoutes.enableAdminCustomer, {
          params: { id },
          body: reason ? { reason } : {},
        }),
  );
}

export function useSignOutCustomer(id: string) {
  return useCustomerMutation(({ reason }: { reason: string }) =>
    callEndpoint(apiRoutes.signOutAdminCustomer, {
      params: { id },
      body: reason ? { reason } : {},
    }),
  );
}

export function useResetProxyPassword(id: string) {
  return useCustomerMutation((instanceId: string) =>
    callEndpoint(apiRoutes.resetAdminCustomerProxyPassword, { params: { id, instanceId } }),
  );
}

export function useCreateAdjustment(id: string) {
  return useCustomerMutation((body: EndpointBody<typeof createBalanceAdjustment>) =>
    callEndpoint(apiRoutes.createBalanceAdjustment, { params: { id }, body }),
  );
}

export function useBalanceAdjustments(query: AdjustmentsQuery) {
  return useQuery({
    queryKey: adminCustomerKeys.adjustments(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listBalanceAdjustments, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDecideAdjustment() {
  return useCustomerMutation(
    ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) =>
      approve
        ? callEndpoint(apiRoutes.approveBalanceAdjustment, { params: { id } })
        : callEndpoint(apiRoutes.rejectBalanceAdjustment, {
            params: { id },
            body: reason ? { reason } : {},
          }),
  );
}
