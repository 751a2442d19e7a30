import type {
  createRegion,
  createStaticIpPlan,
  createTrafficPlan,
  listAdminStaticIpPlans,
  updateRegion,
  updateStaticIpPlan,
  updateTrafficPlan,
  EndpointBody,
  EndpointQuery,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export type StaticIpPlansQuery = NonNullable<EndpointQuery<typeof listAdminStaticIpPlans>>;
export type RegionBody = EndpointBody<typeof createRegion>;
export type RegionChanges = EndpointBody<typeof updateRegion>;
export type NewPlanBody = EndpointBody<typeof createStaticIpPlan>;
export type PlanChanges = EndpointBody<typeof updateStaticIpPlan>;
export type NewTrafficPlanBody = EndpointBody<typeof createTrafficPlan>;
export type TrafficPlanChanges = EndpointBody<typeof updateTrafficPlan>;

// One domain key: a plan written changes its region's counts, so every write refreshes it all.
export const adminCatalogKeys = {
  all: ['adminCatalog'] as const,
  regions: () => [...adminCatalogKeys.all, 'regions'] as const,
  plans: (query: StaticIpPlansQuery) => [...adminCatalogKeys.all, 'plans', query] as const,
  trafficPlans: () => [...adminCatalogKeys.all, 'trafficPlans'] as const,
};

export function useAdminRegions() {
  return useQuery({
    queryKey: adminCatalogKeys.regions(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listAdminRegions, { signal }),
  });
}

export function useAdminStaticIpPlans(query: StaticIpPlansQuery) {
  return useQuery({
    queryKey: adminCatalogKeys.plans(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listAdminStaticIpPlans, { query, signal }),
  });
}

export function useAdminTrafficPlans() {
  return useQuery({
    queryKey: adminCatalogKeys.trafficPlans(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listAdminTrafficPlans, { signal }),
  });
}

/** A catalog write that refreshes every catalog list once it succeeds. */
function useCatalogMutation<Variables, Result>(write: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCatalogKeys.all }),
  });
}

export function useCreateRegion() {
  return useCatalogMutation((body: RegionBody) => callEndpoint(apiRoutes.createRegion, { body }));
}

export function useUpdateRegion() {
  return useCatalogMutation(({ id, body }: { id: string; body: RegionChanges }) =>
    callEndpoint(apiRoutes.updateRegion, { params: { id }, body }),
  );
}

export function useCreateStaticIpPlan() {
  return useCatalogMutation((body: NewPlanBody) =>
    callEndpoint(apiRoutes.createStaticIpPlan, { body }),
  );
}

export function useUpdateStaticIpPlan() {
  return useCatalogMutation(({ id, body }: { id: string; body: PlanChanges }) =>
    callEndpoint(apiRoutes.updateStaticIpPlan, { params: { id }, body }),
  );
}

export function useDeleteStaticIpPlan() {
  return useCatalogMutation((id: string) =>
    callEndpoint(apiRoutes.deleteStaticIpPlan, { params: { id } }),
  );
}

export function useCreateTrafficPlan() {
  return useCatalogMutation((body: NewTrafficPlanBody) =>
    callEndpoint(apiRoutes.createTrafficPlan, { body }),
  );
}

export function useUpdateTrafficPlan() {
  return useCatalogMutation(({ id, body }: { id: string; body: TrafficPlanChanges }) =>
    callEndpoint(apiRoutes.updateTrafficPlan, { params: { id }, body }),
  );
}

export function useDeleteTrafficPlan() {
  return useCatalogMutation((id: string) =>
    callEndpoint(apiRoutes.deleteTrafficPlan, { params: { id } }),
  );
}
