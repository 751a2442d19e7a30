import { apiRoutes } from '@stratus/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export const overviewKeys = {
  all: ['overview'] as const,
  overview: () => [...overviewKeys.all] as const,
};

/** Everything the overview shows, with day buckets at the business time zone's midnight. */
export function useOverview() {
  return useQuery({
    queryKey: overviewKeys.overview(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getOverview, { signal }),
  });
}
