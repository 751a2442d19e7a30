import { apiRoutes } from '@stratus/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export const adminDashboardKeys = {
  all: ['adminDashboard'] as const,
  // The region names come in the request's language.
  dashboard: (language: string) => [...adminDashboardKeys.all, language] as const,
};

/** Nodes go offline within seconds; the rest moves slowly. A minute is a fair compromise. */
const REFRESH_MS = 60_000;

export function useAdminDashboard(language: string, enabled: boolean) {
  return useQuery({
    queryKey: adminDashboardKeys.dashboard(language),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getAdminDashboard, { signal }),
    refetchInterval: REFRESH_MS,
    enabled,
  });
}
