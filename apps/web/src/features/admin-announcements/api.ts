import type {
  createAnnouncement,
  listAdminAnnouncements,
  updateAnnouncement,
  EndpointBody,
  EndpointQuery,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';
import { announcementKeys } from '../announcements/public.ts';

export type AdminAnnouncementsQuery = NonNullable<EndpointQuery<typeof listAdminAnnouncements>>;
export type NewAnnouncement = EndpointBody<typeof createAnnouncement>;
export type AnnouncementChanges = EndpointBody<typeof updateAnnouncement>;

export const adminAnnouncementKeys = {
  all: ['adminAnnouncements'] as const,
  list: (query: AdminAnnouncementsQuery) => [...adminAnnouncementKeys.all, 'list', query] as const,
};

export function useAdminAnnouncements(query: AdminAnnouncementsQuery) {
  return useQuery({
    queryKey: adminAnnouncementKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listAdminAnnouncements, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A write changes the operator's list and what customers (this browser too) see. */
function useInvalidateAnnouncements() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminAnnouncementKeys.all }),
      queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
    ]);
}

export function useCreateAnnouncement() {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: (body: NewAnnouncement) => callEndpoint(apiRoutes.createAnnouncement, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateAnnouncement() {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AnnouncementChanges }) =>
      callEndpoint(apiRoutes.updateAnnouncement, { params: { id }, body: changes }),
    onSuccess: invalidate,
  });
}

export function useDeleteAnnouncement() {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.deleteAnnouncement, { params: { id } }),
    onSuccess: invalidate,
  });
}
