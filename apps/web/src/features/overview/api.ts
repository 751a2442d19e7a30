import { getOverview } from '@stratus/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';
import { browserUtcOffsetMinutes } from '../traffic/public.ts';

export const overviewKeys = {
  all: ['overview'] as const,
  overview: (utcOffsetMinutes: number) => [...overviewKeys.all, utcOffsetMinutes] as const,
};

/** Everything the overview shows, with day buckets at the browser's midnight. */
export function useOverview() {
  const utcOffsetMinutes = browserUtcOffsetMinutes();
  return useQuery({
    queryKey: overviewKeys.overview(utcOffsetMinutes),
    queryFn: ({ signal }) => callEndpoint(getOverview, { query: { utcOffsetMinutes }, signal }),
  });
}
