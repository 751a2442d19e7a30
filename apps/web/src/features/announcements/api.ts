import { apiRoutes } from '@stratus/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export const announcementKeys = {
  all: ['announcements'] as const,
  current: (language: string) => [...announcementKeys.all, 'current', language] as const,
};

/** Announcements change rarely: read again every few minutes and when the tab comes back. */
const REFRESH_MS = 5 * 60_000;

/** The announcements showing now, in the interface language (the request carries it). */
export function useCurrentAnnouncements(language: string) {
  return useQuery({
    queryKey: announcementKeys.current(language),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listCurrentAnnouncements, { signal }),
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });
}
